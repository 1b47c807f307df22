import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createInvestor, createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { approveMoneyMovement } from "~/domain/approvals/four-eyes.server";
import { issueHoldingsCertificate, verifyHoldingsCertificate } from "~/domain/certificates/holdings-certificate.server";
import { loadInvestorHoldings } from "~/domain/figures/investor-figures.server";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { Decimal } from "~/lib/money";
import { validateNominees } from "~/lib/nominee-form";
import { saveNomination } from "./nominees.server";
import { recordTransmission } from "./record-transmission.server";

// Real PostgreSQL: nominees, a 60/40 transmission carried out once by a second admin, and the certificate.
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "test-certificate-secret";
useMailQueue(db);
const row = (share: string, name = "Asha Rao") => ({ name, relationship: "Daughter", dob: "1990-05-01", share, contact: "" });

describe("nominee rules", () => {
  it("need shares summing to exactly 100, at most ten, each with two decimals at most", () => {
    expect(validateNominees([row("60"), row("40")]).ok).toBe(true);
    expect(validateNominees([row("60"), row("39.99")]).ok).toBe(false);
    expect(validateNominees([row("33.333"), row("66.667")]).ok).toBe(false);
    expect(validateNominees(Array.from({ length: 11 }, () => row("9.09"))).ok).toBe(false);
    expect(validateNominees([]).ok).toBe(false);
  });
  it("an opt-out is recorded, with an e-mail and an alert", async () => {
    const investor = await createInvestor(prisma());
    await saveNomination(prisma(), { userId: investor.id, email: investor.email, choice: { optOut: true } });
    expect((await prisma().nominationDeclaration.findUniqueOrThrow({ where: { userId: investor.id } })).optedOut).toBe(true);
    expect(await prisma().userAlert.count({ where: { userId: investor.id, alertType: "nominees" } })).toBe(1);
    const [mails] = await prisma().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'subject' = 'Your Aangan nominees were updated'`;
    expect(mails!.n).toBe(1);
  });
});

describe("transmission", () => {
  it("moves shares and money 60/40 exactly, needs a second admin, and happens once when approved twice at once", async () => {
    const recorder = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const approverA = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const approverB = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const deceased = await createInvestor(prisma(), { balance: "200000" });
    const property = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100" });
    await purchaseShares(prisma(), { userId: deceased.id, propertyId: property.id, shares: 7, idempotencyKey: randomUUID() });
    const even = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100" });
    await purchaseShares(prisma(), { userId: deceased.id, propertyId: even.id, shares: 10, idempotencyKey: randomUUID() });
    const first = await createInvestor(prisma());
    const second = await createInvestor(prisma());
    const checked = validateNominees([row("60", "Asha"), row("40", "Ravi")]);
    if (!checked.ok) throw new Error("valid nominees refused");
    await saveNomination(prisma(), { userId: deceased.id, email: deceased.email, choice: { optOut: false, nominees: checked.nominees } });
    const wallet = (await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: deceased.id } })).availableBalance;
    const before = await loadInvestorHoldings(prisma(), deceased.id);

    const { approvalId } = await recordTransmission(prisma(), {
      adminId: recorder.id,
      deceasedId: deceased.id,
      deathCertificateReference: "DC/2026/12345",
      accountEmails: [first.email, second.email],
    });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: recorder.id })).rejects.toMatchObject({ status: 403 });
    const outcomes = await Promise.allSettled([
      approveMoneyMovement(prisma(), { approvalId, adminId: approverA.id }),
      approveMoneyMovement(prisma(), { approvalId, adminId: approverB.id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);

    const shares = async (userId: string, propertyId = property.id) =>
      (await prisma().userPropertyPosition.findUnique({ where: { userId_propertyId: { userId, propertyId } } }))?.shares ?? 0;
    // 10 shares split exactly 6 and 4.
    expect([await shares(deceased.id, even.id), await shares(first.id, even.id), await shares(second.id, even.id)]).toEqual([0, 6, 4]);
    // 7 × 60% = 4.2, 7 × 40% = 2.8: the larger remainder takes the odd share.
    expect([await shares(deceased.id), await shares(first.id), await shares(second.id)]).toEqual([0, 4, 3]);
    const balance = async (userId: string) =>
      (await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } })).availableBalance.toFixed(2);
    const sixty = wallet.times(0.6).toDecimalPlaces(2, 1);
    expect(await balance(deceased.id)).toBe("0.00");
    expect(await balance(first.id)).toBe(sixty.toFixed(2));
    expect(await balance(second.id)).toBe(wallet.minus(sixty).toFixed(2));
    expect(await prisma().ledgerJournal.count({ where: { kind: "transmission" } })).toBe(1);
    expect(await prisma().transmissionShareTransfer.count()).toBe(2);
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: deceased.id } })).frozenAt).not.toBeNull();
    expect(await checkInvariants(prisma())).toEqual([]);
    // The nominees' cost is the deceased's: together it is what the deceased's shares cost.
    const received = [...(await loadInvestorHoldings(prisma(), first.id)), ...(await loadInvestorHoldings(prisma(), second.id))];
    const total = (holdings: { invested: string }[]) => holdings.reduce((sum, h) => sum.plus(h.invested), new Decimal(0)).toFixed(2);
    expect(total(received)).toBe(total(before));
    expect((await loadInvestorHoldings(prisma(), deceased.id)).filter((h) => h.shares > 0)).toEqual([]);
    const audit = await prisma().adminAuditLog.findMany({ where: { action: { startsWith: "transmission." } }, select: { action: true } });
    expect(audit.map((a) => a.action).sort()).toEqual(["transmission.complete", "transmission.record"]);
  });

  it("refuses a nominee account without approved KYC", async () => {
    const recorder = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const deceased = await createInvestor(prisma());
    const pending = await createUser(prisma());
    await saveNomination(prisma(), {
      userId: deceased.id,
      email: deceased.email,
      choice: {
        optOut: false,
        nominees: [{ fullName: "A", relationship: "Son", dateOfBirth: "2000-01-01", sharePercent: "100.00", contact: null }],
      },
    });
    await expect(
      recordTransmission(prisma(), {
        adminId: recorder.id,
        deceasedId: deceased.id,
        deathCertificateReference: "DC-1",
        accountEmails: [pending.email],
      }),
    ).rejects.toMatchObject({ code: "nominee_kyc" });
  });
});

describe("holdings certificate", () => {
  it("states the dashboard's figures and its code verifies; a tampered code does not", async () => {
    const investor = await createInvestor(prisma(), { balance: "50000" });
    const property = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100" });
    await purchaseShares(prisma(), { userId: investor.id, propertyId: property.id, shares: 12, idempotencyKey: randomUUID() });
    const dashboard = await loadInvestorHoldings(prisma(), investor.id);
    const issued = await issueHoldingsCertificate(prisma(), investor.id, SECRET);
    expect(issued.content.holdings.map((h) => [h.shares, h.averageCost, h.invested])).toEqual(
      dashboard.map((h) => [h.shares, h.averagePrice, h.invested]),
    );
    expect(await verifyHoldingsCertificate(prisma(), issued.code.toLowerCase(), SECRET)).toMatchObject({ genuine: true });
    const tampered = issued.code.slice(0, -1) + (issued.code.endsWith("0") ? "1" : "0");
    expect(await verifyHoldingsCertificate(prisma(), tampered, SECRET)).toEqual({ genuine: false });
    // A stored content changed behind Aangan's back no longer signs to its code.
    await prisma()
      .$executeRaw`UPDATE holdings_certificates SET content = jsonb_set(content, '{wallet,available}', '"99999999.00"') WHERE code = ${issued.code}`;
    expect(await verifyHoldingsCertificate(prisma(), issued.code, SECRET)).toEqual({ genuine: false });
  });
});
