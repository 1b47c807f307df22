import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { createUser } from "../../../tests/setup/factories";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { createInvestor, createMarket, newKey, wallet } from "~/domain/market/market-test-helpers";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { declareDistribution, payDistribution, payDistributionNow } from "~/domain/distributions/distributions.server";
import { createProperty } from "../../../tests/setup/factories";
import type { PrismaClient } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { distributionTds } from "./distribution-tds.server";
import { addTdsRate, markTdsDeposited, TDS_RETURN_COLUMNS, tdsReturnCsv } from "./tds-admin.server";
import { loadTdsRates } from "./tds.server";
import { financialQuarterOf } from "./tds-split";

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const DAY = 24 * 60 * 60 * 1000;
const dateOf = (d: Date) => new Date(d.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function givePan(prisma: PrismaClient, userId: string, pan: string) {
  await prisma.kycDocument.create({
    data: {
      userId,
      documentType: "pan_card",
      fileName: "pan.jpg",
      storageKey: `kyc/${userId}/pan`,
      mimeType: "image/jpeg",
      fileSize: 10,
      metadata: { pan_number: pan },
    },
  });
}

async function tdsPayableBalance(prisma: PrismaClient) {
  const [row] = await prisma.$queryRaw<{ balance: string }[]>`
    SELECT COALESCE(SUM(p.amount), 0)::text AS balance FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'tds_payable'`;
  return row!.balance;
}

/** The seller (no PAN on record) holds 20 shares, the investor with a verified PAN 10; both bought 10 days ago. */
async function arrange() {
  const { prisma } = db.current;
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  const withPan = await createInvestor(prisma, { balance: "5000" });
  await givePan(prisma, withPan.id, "ABCDE1234F");
  await purchaseShares(prisma, { userId: withPan.id, propertyId: property.id, shares: 10, idempotencyKey: newKey() });
  await prisma.transaction.updateMany({
    where: { propertyId: property.id, transactionType: "investment" },
    data: { createdAt: daysAgo(10) },
  });
  const admin = await createUser(prisma, { isAdmin: true });
  const declare = (amount: string) =>
    declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount,
      recordDate: dateOf(daysAgo(4)),
      paymentDate: dateOf(daysAgo(1)),
      note: "",
    });
  return { prisma, property, seller, withPan, admin, declare };
}

describe("TDS on a distribution", () => {
  it("pays net to the wallets and TDS to the payable account in one journal, as the preview said; a deposit clears it", async () => {
    const { prisma, seller, withPan, admin, declare } = await arrange();
    // ₹30,000 over 30 shares: the seller ₹20,000 at 20% (no PAN), the PAN holder ₹10,000 (within the threshold).
    const { distributionId } = await declare("30000");
    const preview = await distributionTds(prisma, distributionId);
    expect(preview?.kind).toBe("preview");
    const before = { seller: await wallet(prisma, seller.id), withPan: await wallet(prisma, withPan.id) };

    await payDistributionNow(prisma, { adminId: admin.id, distributionId });
    const paid = await distributionTds(prisma, distributionId);
    expect(paid?.kind).toBe("paid");
    const strip = (lines: NonNullable<typeof paid>["lines"]) =>
      lines.map((l) => [l.userId, l.gross, l.tds, l.net, l.rate, l.section, l.pan]).sort();
    expect(strip(paid!.lines)).toEqual(strip(preview!.lines));
    expect(paid!.totals).toEqual(preview!.totals);
    expect(paid!.totals).toEqual({ gross: "30000.00", tds: "4000.00", net: "26000.00" });

    const sellerLine = paid!.lines.find((l) => l.userId === seller.id)!;
    expect([sellerLine.gross, sellerLine.tds, sellerLine.net, sellerLine.rate, sellerLine.pan]).toEqual([
      "20000.00",
      "4000.00",
      "16000.00",
      "20.00",
      "Not furnished",
    ]);
    const panLine = paid!.lines.find((l) => l.userId === withPan.id)!;
    expect([panLine.tds, panLine.net, panLine.pan]).toEqual(["0.00", "10000.00", "XXXXXX234F"]);

    const plus = (value: string, add: number) => new Decimal(value).plus(add).toFixed(2);
    expect((await wallet(prisma, seller.id)).available).toBe(plus(before.seller.available, 16000));
    expect((await wallet(prisma, withPan.id)).available).toBe(plus(before.withPan.available, 10000));

    // One journal: the distribution account, both wallets and the TDS payable account.
    const row = await prisma.propertyDistribution.findUniqueOrThrow({ where: { id: distributionId } });
    const postings = await prisma.$queryRaw<{ kind: string; amount: string }[]>`
      SELECT a.kind::text AS kind, p.amount::text AS amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE p.journal_id = ${row.paymentJournalId}::uuid ORDER BY p.amount`;
    expect(postings).toEqual([
      { kind: "property_distribution", amount: "-30000.00" },
      { kind: "tds_payable", amount: "4000.00" },
      { kind: "user_available", amount: "10000.00" },
      { kind: "user_available", amount: "16000.00" },
    ]);
    const dividend = await prisma.transaction.findFirstOrThrow({ where: { userId: seller.id, referenceId: distributionId } });
    expect(dividend.amount.toFixed(2)).toBe("16000.00");
    expect(dividend.description).toContain("gross ₹20,000.00, TDS ₹4,000.00 withheld");
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "distribution_paid" } });
    expect(alert.message).toContain("net ₹16,000.00");
    expect(await tdsPayableBalance(prisma)).toBe("4000.00");
    expect(await checkInvariants(prisma)).toEqual([]);

    // A second distribution takes the PAN holder over ₹10,000 for the year: 10% on the year's ₹12,000.
    const second = await declare("6000");
    const secondPreview = await distributionTds(prisma, second.distributionId);
    expect(secondPreview!.lines.find((l) => l.userId === withPan.id)).toMatchObject({
      gross: "2000.00",
      tds: "1200.00",
      net: "800.00",
      rate: "10.00",
    });
    await payDistributionNow(prisma, { adminId: admin.id, distributionId: second.distributionId });
    expect((await distributionTds(prisma, second.distributionId))!.lines).toEqual(secondPreview!.lines);
    expect(await checkInvariants(prisma)).toEqual([]);

    // The quarter's return data, then its deposit.
    const { financialYear, quarter } = financialQuarterOf(dateOf(new Date()));
    const { csv } = await tdsReturnCsv(prisma, { year: String(financialYear), quarter: String(quarter) });
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(TDS_RETURN_COLUMNS.join(","));
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes("PANNOTAVBL") && l.includes(",20000.00,4000.00,") && l.endsWith(",C,,,"))).toBe(true);
    expect(lines.some((l) => l.includes("ABCDE1234F") && l.includes(",10000.00,0.00,") && l.includes(",Y,"))).toBe(true);

    const wrong = await markTdsDeposited(prisma, {
      adminId: admin.id,
      year: String(financialYear),
      quarter: String(quarter),
      bsrCode: "0510002",
      challanSerial: "00042",
      depositedOn: dateOf(new Date()),
      amount: "100",
    }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 400, field: "amount" });
    const deposit = await markTdsDeposited(prisma, {
      adminId: admin.id,
      year: String(financialYear),
      quarter: String(quarter),
      bsrCode: "0510002",
      challanSerial: "00042",
      depositedOn: dateOf(new Date()),
      amount: "6000",
    });
    expect(deposit).toMatchObject({ amount: "6000.00", payments: 4 });
    expect(await tdsPayableBalance(prisma)).toBe("0.00");
    expect(await checkInvariants(prisma)).toEqual([]);
    const again = await markTdsDeposited(prisma, {
      adminId: admin.id,
      year: String(financialYear),
      quarter: String(quarter),
      bsrCode: "0510002",
      challanSerial: "00043",
      depositedOn: dateOf(new Date()),
      amount: "6000",
    }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409 });
    const audit = await prisma.adminAuditLog.count({ where: { action: "tds.deposit" } });
    expect(audit).toBe(1);
  });

  it("counts the threshold per investor per financial year across 1 April 2026, a PAN nobody verified takes 20%, and each preview before the record date is what is paid", async () => {
    const { prisma } = db.current;
    const property = await createProperty(prisma, { title: "Year End Court", sharePrice: "100", minimumInvestment: "100" });
    // 90 and 10 shares with verified PANs; 100 whose PAN card is on file but whose KYC is not approved.
    const [large, small, unverified] = [
      await createInvestor(prisma, { balance: "20000" }),
      await createInvestor(prisma, { balance: "20000" }),
      await createInvestor(prisma, { balance: "20000" }),
    ];
    await givePan(prisma, large.id, "AAAPL1111A");
    await givePan(prisma, small.id, "BBBPS2222B");
    await givePan(prisma, unverified.id, "CCCPU3333C");
    for (const [who, shares] of [
      [large, 90],
      [small, 10],
      [unverified, 100],
    ] as const) {
      await purchaseShares(prisma, { userId: who.id, propertyId: property.id, shares, idempotencyKey: newKey() });
    }
    await prisma.userProfile.update({ where: { id: unverified.id }, data: { kycStatus: "pending" } });
    await prisma.transaction.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date("2026-01-05T06:00:00Z") } });
    const admin = await createUser(prisma, { isAdmin: true });
    const pay = async (amount: string, recordDate: string, paymentDate: string) => {
      const { distributionId } = await declareDistribution(prisma, {
        adminId: admin.id,
        propertyId: property.id,
        basis: "total",
        amount,
        recordDate,
        paymentDate,
        note: "",
      });
      // The admin's page before the record date: a preview on the holdings of the moment, which is what is then paid.
      const preview = await distributionTds(prisma, distributionId, new Date(`${recordDate}T00:00:00Z`));
      expect([preview?.kind, preview?.holdingsAsOf]).toEqual(["preview", "now"]);
      // Paid by the job on its payment date (noon IST), so the split is that day's.
      expect(await payDistribution(prisma, distributionId, new Date(`${paymentDate}T06:30:00Z`))).not.toBeNull();
      const paid = await distributionTds(prisma, distributionId);
      const strip = (lines: NonNullable<typeof paid>["lines"]) =>
        lines.map((l) => [l.userId, l.gross, l.rate, l.tds, l.net, l.section, l.pan]).sort();
      expect(paid?.kind).toBe("paid");
      expect(strip(paid!.lines)).toEqual(strip(preview!.lines));
      expect(paid!.totals).toEqual(preview!.totals);
      const rows = await prisma.tdsWithholding.findMany({ where: { distributionId } });
      return (userId: string) => {
        const r = rows.find((row) => row.userId === userId)!;
        return [r.act, r.section, r.financialYear, r.pan, r.gross.toFixed(2), r.rate.toFixed(2), r.tds.toFixed(2)];
      };
    };

    // 20 March 2026 (FY 2025-26, the 1961 Act), ₹22,000 over 200 shares: ₹9,900 is within ₹10,000;
    // the unverified PAN's ₹11,000 is over it, at 20% (s.206AA).
    const march = await pay("22000", "2026-03-10", "2026-03-20");
    expect(march(large.id)).toEqual(["Income-tax Act, 1961", "194", 2025, "AAAPL1111A", "9900.00", "0.00", "0.00"]);
    expect(march(unverified.id)).toEqual(["Income-tax Act, 1961", "194", 2025, null, "11000.00", "20.00", "2200.00"]);
    // 5 April 2026 (FY 2026-27, the 2025 Act): a new year's count, so ₹9,000 and ₹10,000 are within it.
    const april = await pay("20000", "2026-04-01", "2026-04-05");
    expect(april(large.id)).toEqual(["Income-tax Act, 2025", "393", 2026, "AAAPL1111A", "9000.00", "0.00", "0.00"]);
    expect(april(unverified.id)).toEqual(["Income-tax Act, 2025", "393", 2026, null, "10000.00", "0.00", "0.00"]);
    // 20 April: ₹1,800 takes the large holder's year to ₹10,800 (10% of it); the small holder's year
    // (₹1,200) stays within; the unverified PAN's year is ₹12,000, 20% of it is ₹2,400, but never
    // more than the payment: all ₹2,000 of it.
    const later = await pay("4000", "2026-04-15", "2026-04-20");
    expect(later(large.id)).toEqual(["Income-tax Act, 2025", "393", 2026, "AAAPL1111A", "1800.00", "10.00", "1080.00"]);
    expect(later(small.id)).toEqual(["Income-tax Act, 2025", "393", 2026, "BBBPS2222B", "200.00", "0.00", "0.00"]);
    expect(later(unverified.id)).toEqual(["Income-tax Act, 2025", "393", 2026, null, "2000.00", "20.00", "2000.00"]);
    // 28 April: the ₹400 still owed is taken with the next payment's own 20% (₹200): ₹600; the large holder's ₹90.
    const last = await pay("2000", "2026-04-25", "2026-04-28");
    expect(last(unverified.id)).toEqual(["Income-tax Act, 2025", "393", 2026, null, "1000.00", "20.00", "600.00"]);
    expect(last(large.id)).toEqual(["Income-tax Act, 2025", "393", 2026, "AAAPL1111A", "900.00", "10.00", "90.00"]);
    expect(await checkInvariants(prisma)).toEqual([]);
  });

  it("the invariant check finds a TDS payable account that disagrees with the withholdings", async () => {
    const { prisma, admin, declare } = await arrange();
    const { distributionId } = await declare("30000");
    await payDistributionNow(prisma, { adminId: admin.id, distributionId });
    await prisma.$executeRaw`UPDATE tds_withholdings SET tds = tds - 1, net = net + 1 WHERE tds > 0 AND deposit_id IS NULL`;
    const problems = await checkInvariants(prisma);
    expect(problems.map((p) => [p.check, p.subject])).toEqual([["tds-payable-off-the-books", "account:platform:tds-payable"]]);
  });

  it("an admin adds a rate from a date: the one in force closes the day before, audited; an earlier start is refused", async () => {
    const { prisma, admin } = await arrange();
    const input = {
      adminId: admin.id,
      residency: "resident",
      act: "Income-tax Act, 2025",
      section: "393",
      rateWithPan: "7.5",
      rateWithoutPan: "20",
      threshold: "15000",
      validFrom: "2027-04-01",
    };
    await addTdsRate(prisma, input);
    const resident = (await loadTdsRates(prisma)).filter((r) => r.payeeResidency === "resident");
    expect(resident.slice(0, 2).map((r) => [r.validFrom, r.validTo, r.rateWithPan, r.yearlyThreshold])).toEqual([
      ["2027-04-01", null, "7.50", "15000.00"],
      ["2026-04-01", "2027-03-31", "10.00", "10000.00"],
    ]);
    const audit = await prisma.adminAuditLog.findFirstOrThrow({ where: { action: "tds.set_rate" } });
    expect(audit.details).toMatchObject({ after: { rateWithPan: "7.50", validFrom: "2027-04-01" }, before: { rateWithPan: "10.00" } });
    await expect(addTdsRate(prisma, { ...input, validFrom: "2027-01-01" })).rejects.toMatchObject({ status: 409, field: "validFrom" });
    await expect(addTdsRate(prisma, { ...input, rateWithoutPan: "5" })).rejects.toMatchObject({ status: 400, field: "rateWithoutPan" });
  });
});
