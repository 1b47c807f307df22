import { parse } from "csv-parse/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { createUser } from "../../../tests/setup/factories";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { instantBuyShares } from "~/domain/market/settle-trades.server";
import { createInvestor, createMarket, newKey, wallet } from "~/domain/market/market-test-helpers";
import { declareDistribution, payDueDistributions } from "~/domain/distributions/distributions.server";
import { readInOnePreparedSnapshot, type PrismaClient } from "~/services/db.server";
import { buildStatement, financialYearOfMoment, isLongTerm, istDateOf, type TradeRow } from "./statement-figures";
import { loadStatement } from "./statement.server";
import {
  amountText,
  capitalGainsCsv,
  CAPITAL_GAINS_COLUMNS,
  renderAccountStatementPdf,
  renderCapitalGainsPdf,
  statementGstLines,
} from "./statement-documents.server";
import { Decimal } from "~/lib/money";

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const issuer = {
  name: "Aangan Proptech Private Limited",
  address: "12 MG Road, Bengaluru",
  cin: "U70100KA2024PTC123456",
  gstin: "29ABCDE1234F1Z5",
};

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const trade = (id: string, kind: "buy" | "sell", shares: number, amount: string, at: string, title = "Alpha Towers"): TradeRow => ({
  id,
  propertyId: title,
  propertyTitle: title,
  kind,
  shares,
  amount,
  at,
});

describe("statement figures: a worked example for FY 2025-26", () => {
  // 10 shares bought May 2023 for ₹1,000 and 10 in May 2025 for ₹1,200 (average ₹110). In August
  // 12 are sold for ₹1,800: first in, first out, 10 of them were held more than 24 months (long
  // term: cost 10 × 110 = ₹1,100, price ₹1,500, gain ₹400) and 2 were not (cost ₹220, price
  // ₹300, gain ₹80). In September 4 are sold for ₹360 (cost ₹440, a ₹80 loss). A ₹50
  // distribution arrives in October; a sale in April 2026 belongs to the next year.
  const figures = buildStatement({
    startYear: 2025,
    investor: { name: "Asha Rao", email: "asha@example.in" },
    openingBalance: "5000.00",
    movements: [
      { at: "2025-05-01T05:00:00.000Z", kind: "Share purchase", description: "10 shares of Alpha Towers", amount: "-1224.00" },
      { at: "2025-08-01T05:00:00.000Z", kind: "Resale", description: "Sale of 12 shares", amount: "1800.00" },
      { at: "2025-09-01T05:00:00.000Z", kind: "Resale", description: "Sale of 4 shares", amount: "360.00" },
      { at: "2025-10-01T05:00:00.000Z", kind: "Rent distribution", description: "Rent distribution for Alpha Towers", amount: "50.00" },
    ],
    trades: [
      trade("1", "buy", 10, "1000.00", "2023-05-10T05:00:00.000Z"),
      trade("2", "buy", 10, "1200.00", "2025-05-01T05:00:00.000Z"),
      trade("3", "sell", 12, "1800.00", "2025-08-01T05:00:00.000Z"),
      trade("4", "sell", 4, "360.00", "2025-09-01T05:00:00.000Z"),
      trade("5", "sell", 1, "200.00", "2026-04-05T05:00:00.000Z"),
    ],
    distributions: [{ at: "2025-10-01T05:00:00.000Z", propertyTitle: "Alpha Towers", shares: 4, amount: "50.00" }],
  });

  it("costs each sale at the average price and splits it by the 24-month rule", () => {
    expect(figures.financialYear).toBe("FY 2025-26");
    expect(
      figures.gains.map((g) => [g.saleDate, g.shares, g.salePrice, g.costOfAcquisition, g.gain, g.term, g.averageCostPerShare]),
    ).toEqual([
      ["2025-08-01", 10, "1500.00", "1100.00", "400.00", "Long term", "110.00"],
      ["2025-08-01", 2, "300.00", "220.00", "80.00", "Short term", "110.00"],
      ["2025-09-01", 4, "360.00", "440.00", "-80.00", "Short term", "110.00"],
    ]);
    expect(figures.gains[2]!.holdingDays).toBe(123);
    expect(figures.gainsTotals).toEqual({
      shortTerm: "0.00",
      longTerm: "400.00",
      total: "400.00",
      salePrice: "2160.00",
      transferCosts: "0.00",
      cost: "1760.00",
    });
  });

  it("carries the wallet from opening to closing balance and lists holdings and distributions", () => {
    expect([figures.openingBalance, figures.totalIn, figures.totalOut, figures.closingBalance]).toEqual([
      "5000.00",
      "2210.00",
      "1224.00",
      "5986.00",
    ]);
    expect(figures.movements.map((m) => m.balance)).toEqual(["3776.00", "5576.00", "5936.00", "5986.00"]);
    expect(figures.holdings).toEqual([
      { propertyId: "Alpha Towers", propertyTitle: "Alpha Towers", shares: 4, cost: "440.00", averageCost: "110.00" },
    ]);
    expect(figures.distributionsTotal).toBe("50.00");
  });

  it("reads 'more than 24 months' on calendar dates", () => {
    expect(isLongTerm("2023-05-10", "2025-05-10")).toBe(false);
    expect(isLongTerm("2023-05-10", "2025-05-11")).toBe(true);
    expect(isLongTerm("2024-02-29", "2026-03-01")).toBe(true);
  });

  it("prints the same figures in the PDF and the CSV", async () => {
    const csv = capitalGainsCsv(figures);
    const records = parse(csv.replace(/^\uFEFF/, ""), { columns: true, relax_column_count: true, skip_empty_lines: true }) as Record<
      string,
      string
    >[];
    const lines = records.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r["Sale date"] ?? ""));
    expect(lines.map((r) => [r["Sale price (INR)"], r["Cost of acquisition (INR)"], r["Gain or loss (INR)"], r.Term])).toEqual(
      figures.gains.map((g) => [g.salePrice, g.costOfAcquisition, g.gain, g.term]),
    );
    expect(Object.keys(records[0]!)).toEqual([...CAPITAL_GAINS_COLUMNS]);
    for (const render of [renderCapitalGainsPdf, renderAccountStatementPdf]) {
      const text = await pdfText(await render(figures, issuer));
      for (const line of lines) {
        for (const column of ["Sale price (INR)", "Cost of acquisition (INR)", "Gain or loss (INR)"]) {
          expect(text).toContain(amountText(line[column]!));
        }
      }
      expect(text).toContain(amountText(figures.gainsTotals.total));
      expect(text).toContain("held for more than 24 months");
      expect(text).toContain("Finance (No. 2) Act, 2024");
    }
    const account = await pdfText(await renderAccountStatementPdf(figures, issuer));
    for (const value of ["5,000.00", "5,986.00", "2,210.00", "1,224.00", "440.00"]) expect(account).toContain(value);
    expect(account).toContain("Alpha Towers");
  });
});

describe("statements from the database", () => {
  async function sell(prisma: PrismaClient, sellerId: string, propertyId: string, buyerId: string, shares: number, price: string) {
    const order = await createSellRequest(prisma, {
      sellerId,
      propertyId,
      shares: String(shares),
      pricePerShare: price,
      idempotencyKey: newKey(),
    });
    await instantBuyShares(prisma, { buyerId, orderId: order.orderId, shares: String(shares), idempotencyKey: newKey() });
  }

  it("reads purchases, a sale at a gain, one at a loss and a distribution, and agrees with the wallet", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const investor = await createInvestor(prisma, { balance: "10000" });
    const other = await createInvestor(prisma, { balance: "10000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newKey() });
    await sell(prisma, seller.id, property.id, investor.id, 10, "120");
    // Each ask within ±20% of the last settled price (ADR 0076): ₹130 after ₹120, ₹105 after ₹130.
    await sell(prisma, investor.id, property.id, other.id, 5, "130");
    await sell(prisma, investor.id, property.id, other.id, 5, "105");
    // The trades happened three days ago (order kept), so yesterday's record date sees them.
    await prisma.$executeRaw`UPDATE transactions SET created_at = created_at - interval '3 days' WHERE property_id = ${property.id}`;
    const admin = await createUser(prisma, { isAdmin: true });
    const today = istDateOf(new Date());
    const yesterday = istDateOf(new Date(Date.now() - 86_400_000));
    await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "300",
      recordDate: yesterday,
      paymentDate: today,
      note: "",
    });
    expect(await payDueDistributions(prisma)).toEqual({ paid: 1, holders: 3 });

    const year = financialYearOfMoment(new Date());
    const figures = (await loadStatement(prisma, investor.id, year))!;
    // The cost of acquisition includes the 2% platform fee paid on the primary purchase (₹20 on
    // ₹1,000; ADR 0046): 20 shares cost ₹2,220, ₹111 each, so 5 shares cost ₹555.
    expect(figures.gains.map((g) => [g.shares, g.salePrice, g.transferCosts, g.costOfAcquisition, g.gain, g.term])).toEqual([
      [5, "650.00", "0.00", "555.00", "95.00", "Short term"],
      [5, "525.00", "0.00", "555.00", "-30.00", "Short term"],
    ]);
    expect(figures.distributions.map((d) => [d.shares, d.amount])).toEqual([[10, "100.00"]]);
    expect(figures.holdings.map((h) => [h.shares, h.cost, h.averageCost])).toEqual([[10, "1110.00", "111.00"]]);
    // Opening balance plus every movement is the wallet today.
    const now = await wallet(prisma, investor.id);
    expect(figures.openingBalance).toBe("0.00");
    expect(figures.closingBalance).toBe((Number(now.available) + Number(now.held)).toFixed(2));
    expect(figures.movements.some((m) => m.kind === "Rent distribution" && m.amount === "100.00")).toBe(true);

    const pdf = await pdfText(await renderAccountStatementPdf(figures, issuer));
    expect(pdf).toContain(amountText(figures.closingBalance));
    expect(pdf).toContain("100.00");
    const csv = capitalGainsCsv(figures);
    expect(csv).toContain("650.00,0.00,111.00,555.00,95.00");
    expect(csv).toContain("525.00,0.00,111.00,555.00,-30.00");
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("reads times to the millisecond as JavaScript writes them, ties in the order written, the same through a snapshot and through Prisma", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma, { sellerShares: 20 });
    const investor = await createInvestor(prisma, { balance: "100000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 3, idempotencyKey: newKey() });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 7, idempotencyKey: newKey() });
    // Both purchases at one instant with microseconds, which a Date cannot hold (ledger rows are immutable and keep now()'s).
    await prisma.$executeRaw`UPDATE transactions SET created_at = date_trunc('second', now()) - interval '1 hour' + interval '0.123987 second' WHERE user_id = ${investor.id}::uuid AND transaction_type = 'investment'`;
    const journals = await prisma.$queryRaw<{ created_at: Date }[]>`
      SELECT j.created_at FROM ledger_journals j
       WHERE j.kind = 'investment' AND j.id IN (SELECT p.journal_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = ${investor.id}::uuid)
       ORDER BY j.created_at`;
    const year = financialYearOfMoment(new Date());

    const direct = (await loadStatement(prisma, investor.id, year))!;
    const purchases = direct.movements.filter((m) => m.kind === "Share purchase");
    expect(purchases.map((m) => m.at)).toEqual(journals.map((j) => j.created_at.toISOString()));
    expect(purchases).toHaveLength(2);
    expect(direct.holdings.map((h) => [h.propertyTitle, h.shares])).toEqual([[property.title, 10]]);
    expect(direct.platformFees).toHaveLength(2);

    const inOneSnapshot = await readInOnePreparedSnapshot(prisma, (reader) => loadStatement(reader, investor.id, year));
    const throughPrisma = await prisma.$transaction((tx) => loadStatement(tx, investor.id, year));
    const timeless = (figures: typeof direct) => ({ ...figures, holdingsOn: "", valuedOn: "" });
    expect(timeless(inOneSnapshot!)).toEqual(timeless(direct));
    expect(timeless(throughPrisma!)).toEqual(timeless(direct));
  });

  it("shows the GST in the year's platform fees as CGST + SGST in the issuer's state and IGST in another, adding up exactly", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma, { sellerShares: 20 });
    const sameState = await createInvestor(prisma, { balance: "100000" });
    const otherState = await createInvestor(prisma, { balance: "100000" });
    await prisma.userProfile.update({ where: { id: sameState.id }, data: { stateCode: "29", state: "Karnataka" } });
    await prisma.userProfile.update({ where: { id: otherState.id }, data: { stateCode: "27", state: "Maharashtra" } });
    for (const investor of [sameState, otherState]) {
      // Two purchases, so the year's heads are sums of two receipts' heads.
      await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 3, idempotencyKey: newKey() });
      await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 7, idempotencyKey: newKey() });
    }
    const year = financialYearOfMoment(new Date());

    const lines = async (userId: string) => {
      const figures = (await loadStatement(prisma, userId, year))!;
      expect(figures.platformFees).toHaveLength(2);
      return { figures, lines: Object.fromEntries(statementGstLines(figures, issuer)) };
    };
    const parse = (text: string | undefined) => new Decimal(text!.replace(/,/g, ""));

    const same = await lines(sameState.id);
    expect(same.lines["Place of supply"]).toBe("Karnataka (29)");
    expect(Object.keys(same.lines).filter((label) => /GST @/.test(label))).toEqual(["CGST @ 9% (₹)", "SGST @ 9% (₹)"]);
    expect(parse(same.lines["CGST @ 9% (₹)"]).plus(parse(same.lines["SGST @ 9% (₹)"])).eq(parse(same.lines["Total GST (₹)"]))).toBe(true);
    expect(
      parse(same.lines["Taxable value (₹)"])
        .plus(parse(same.lines["Total GST (₹)"]))
        .eq(parse(same.lines["Platform fees including GST (₹)"])),
    ).toBe(true);

    const other = await lines(otherState.id);
    expect(other.lines["Place of supply"]).toBe("Maharashtra (27)");
    expect(Object.keys(other.lines).filter((label) => /GST @/.test(label))).toEqual(["IGST @ 18% (₹)"]);
    expect(other.lines["IGST @ 18% (₹)"]).toBe(other.lines["Total GST (₹)"]);
    // The same purchases: the same fee and the same tax, only the heads differ.
    expect(other.lines["Total GST (₹)"]).toBe(same.lines["Total GST (₹)"]);
    expect(
      parse(other.lines["Taxable value (₹)"])
        .plus(parse(other.lines["IGST @ 18% (₹)"]))
        .eq(parse(other.lines["Platform fees including GST (₹)"])),
    ).toBe(true);

    const otherPdf = await pdfText(await renderAccountStatementPdf(other.figures, issuer));
    expect(otherPdf).toContain(`IGST @ 18% (₹) ${other.lines["IGST @ 18% (₹)"]}`);
    expect(otherPdf).not.toContain("CGST");
    const samePdf = await pdfText(await renderAccountStatementPdf(same.figures, issuer));
    expect(samePdf).toContain(`CGST @ 9% (₹) ${same.lines["CGST @ 9% (₹)"]}`);
    expect(samePdf).toContain(`SGST @ 9% (₹) ${same.lines["SGST @ 9% (₹)"]}`);
    expect(samePdf).not.toContain("IGST");
  });
});
