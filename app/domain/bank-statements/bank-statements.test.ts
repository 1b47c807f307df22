import { afterEach, describe, expect, it } from "vitest";
import { approveMoneyMovement } from "~/domain/approvals/four-eyes.server";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { wallet } from "~/domain/market/market-test-helpers";
import { requestDeposit } from "~/domain/wallet/request-funds.server";
import { createInvestor, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { creditStatementLine } from "./credit-statement-line.server";
import { importBankStatement } from "./import-statement.server";
import { getBankStatementDesk } from "./list-statement.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const THRESHOLD = "500000";
const MAX = "10000000";
const HEADER = "Date,Narration,Credit,Debit,Balance,Reference";

afterEach(async () => {
  expect(await checkInvariants(prisma())).toEqual([]);
});

const statement = (...lines: string[]) => Buffer.from([HEADER, ...lines].join("\n"));
const admin = () => createUser(prisma(), { isAdmin: true, kycStatus: "approved" });

async function depositRequest(amount: string) {
  const investor = await createInvestor(prisma(), { balance: "1000" });
  const receipt = await requestDeposit(prisma(), { userId: investor.id, amount, opsRecipients: [] });
  return { investor, ticketId: receipt.ticketId, code: receipt.referenceCode! };
}

const importFile = (adminId: string, bytes: Buffer, fileName = "escrow-dec.csv") =>
  importBankStatement(prisma(), { adminId, fileName, bytes });
const lineId = async (narrationPart: string) =>
  (await prisma().bankStatementLine.findFirstOrThrow({ where: { narration: { contains: narrationPart } } })).id;
const depositJournals = (ticketId: string) => prisma().ledgerJournal.count({ where: { idempotencyKey: `ticket:${ticketId}:deposit` } });
const credit = (adminId: string, id: string, receivedAmount?: string) =>
  creditStatementLine(prisma(), { adminId, lineId: id, receivedAmount, maxReceived: MAX, threshold: THRESHOLD });

describe("importing a statement", () => {
  it("keeps each line once: the same file twice adds nothing, an overlapping file only its new lines", async () => {
    const a = await admin();
    const first = statement(
      "01/12/2026,NEFT from A,5000,,5000,UTR001",
      "02/12/2026,Bank charges,,118,4882,",
      "03/12/2026,IMPS B,2000,,6882,",
    );
    expect(await importFile(a.id, first)).toMatchObject({ lineCount: 3, newLines: 3, knownLines: 0 });
    expect(await importFile(a.id, first)).toMatchObject({ lineCount: 3, newLines: 0, knownLines: 3 });
    const overlapping = statement("03/12/2026,IMPS B,2000,,6882,", "04/12/2026,NEFT from C,1000,,7882,UTR009");
    expect(await importFile(a.id, overlapping, "escrow-dec-2.csv")).toMatchObject({ lineCount: 2, newLines: 1, knownLines: 1 });
    expect(await prisma().bankStatementLine.count()).toBe(4);
    const imports = await prisma().bankStatementImport.findMany({ orderBy: { createdAt: "asc" } });
    expect(imports.map((i) => [i.fileName, i.newLines, i.knownLines, i.importedBy])).toEqual([
      ["escrow-dec.csv", 3, 0, a.id],
      ["escrow-dec.csv", 0, 3, a.id],
      ["escrow-dec-2.csv", 1, 1, a.id],
    ]);
    expect(await prisma().adminAuditLog.count({ where: { action: "bank_statement.import" } })).toBe(3);
  });

  it("writes nothing for a file with one bad line", async () => {
    const a = await admin();
    const before = [await prisma().bankStatementLine.count(), await prisma().bankStatementImport.count()];
    await expect(importFile(a.id, statement("01/12/2026,fine,5000,,5000,", "02/12/2026,bad,12.345,,5000,"))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Line 3, column Credit"),
    });
    expect([await prisma().bankStatementLine.count(), await prisma().bankStatementImport.count()]).toEqual(before);
  });
});

describe("matching lines to requests", () => {
  it("proposes, flags amount differences, ambiguity and unmatched lines, and lists money out apart", async () => {
    const a = await admin();
    const exact = await depositRequest("25000");
    const short = await depositRequest("10000");
    const twice = await depositRequest("3000");
    const other = await depositRequest("4000");
    const third = await depositRequest("5000");
    await importFile(
      a.id,
      statement(
        `01/11/2026,NEFT-${exact.code.toLowerCase()}-RAVI,25000,,25000,`,
        `01/11/2026,IMPS ${short.code.replace("-", "")},9990,,34990,`,
        `02/11/2026,UPI ${twice.code},3000,,37990,`,
        `02/11/2026,UPI again ${twice.code},3000,,40990,`,
        `03/11/2026,NEFT ${other.code} ${third.code},4000,,44990,`,
        `03/11/2026,NEFT no reference,7000,,51990,`,
        `04/11/2026,Transfer to operating account ${exact.code},,1000,50990,`,
      ),
    );
    // Lines of earlier tests are in this file's database too: only this test's dates are compared.
    const all = await getBankStatementDesk(prisma());
    const mine = <T extends { date: string }>(rows: T[]) => rows.filter((r) => r.date.startsWith("2026-11"));
    const desk = {
      proposed: mine(all.proposed),
      amountDiffers: mine(all.amountDiffers),
      ambiguous: mine(all.ambiguous),
      unmatched: mine(all.unmatched),
      outflows: mine(all.outflows),
    };
    expect(desk.proposed.map((l) => [l.narration, l.ticket.id])).toEqual([[`NEFT-${exact.code.toLowerCase()}-RAVI`, exact.ticketId]]);
    expect(desk.amountDiffers.map((l) => [l.credit, l.ticket.amount])).toEqual([["9990.00", "10000.00"]]);
    expect(desk.ambiguous.map((l) => l.reason).sort()).toEqual(
      [
        `2 statement lines quote request ${twice.code}.`,
        `2 statement lines quote request ${twice.code}.`,
        `The narration quotes 2 request references (${other.code}, ${third.code}).`,
      ].sort(),
    );
    expect(desk.unmatched.map((l) => [l.narration, l.reason])).toEqual([
      ["NEFT no reference", "The narration quotes no request reference."],
    ]);
    expect(desk.outflows.map((l) => l.debit)).toEqual(["1000.00"]);
  });
});

describe("crediting a proposed line", () => {
  it("credits the wallet once, through the ticket path, and records the request and journal on the line", async () => {
    const a = await admin();
    const { investor, ticketId, code } = await depositRequest("25000");
    await importFile(a.id, statement(`01/12/2026,NEFT ${code},25000,,25000,UTR77`));
    const id = await lineId(code);
    const outcome = await credit(a.id, id);
    expect(outcome).toMatchObject({ state: "credited", ticketId, credited: "24990.00" });
    expect((await wallet(prisma(), investor.id)).available).toBe("25990.00");
    const line = await prisma().bankStatementLine.findUniqueOrThrow({ where: { id } });
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect([line.creditedTicketId, line.creditedJournalId, ticket.status]).toEqual([ticketId, ticket.resolutionJournalId, "resolved"]);
    await expect(credit(a.id, id)).rejects.toMatchObject({ status: 409, code: "already_credited" });

    // The same statement imported again credits nothing more.
    expect(await importFile(a.id, statement(`01/12/2026,NEFT ${code},25000,,25000,UTR77`))).toMatchObject({ newLines: 0 });
    const desk = await getBankStatementDesk(prisma());
    expect([desk.proposed.some((l) => l.id === id), desk.credited.find((c) => c.id === id)?.referenceCode]).toEqual([false, code]);
    expect(await depositJournals(ticketId)).toBe(1);
    expect(await prisma().adminAuditLog.count({ where: { action: "bank_statement.credit_line", targetId: ticketId } })).toBe(1);
  });

  it("an overlapping statement imported after a credit proposes only its new transfer, and credits each transfer once", async () => {
    const a = await admin();
    const early = await depositRequest("5000");
    const late = await depositRequest("7000");
    const earlyLine = `02/12/2026,NEFT ${early.code},5000,,5000,UTRA1`;
    await importFile(a.id, statement(earlyLine), "escrow-week-1.csv");
    const earlyId = await lineId(early.code);
    expect(await credit(a.id, earlyId)).toMatchObject({ state: "credited", ticketId: early.ticketId });

    // Next week's file starts where the last one ended: the credited transfer again, and a new one.
    const overlapping = statement(earlyLine, `05/12/2026,IMPS ${late.code},7000,,12000,UTRA2`);
    expect(await importFile(a.id, overlapping, "escrow-week-2.csv")).toMatchObject({ newLines: 1, knownLines: 1 });
    expect(await prisma().bankStatementLine.count({ where: { narration: { contains: early.code } } })).toBe(1);
    const lateId = await lineId(late.code);
    const desk = await getBankStatementDesk(prisma());
    expect(desk.proposed.filter((l) => l.id === earlyId || l.id === lateId).map((l) => l.id)).toEqual([lateId]);
    await expect(credit(a.id, earlyId)).rejects.toMatchObject({ status: 409, code: "already_credited" });
    expect(await credit(a.id, lateId)).toMatchObject({ state: "credited", ticketId: late.ticketId });
    expect([await depositJournals(early.ticketId), await depositJournals(late.ticketId)]).toEqual([1, 1]);
    expect((await wallet(prisma(), early.investor.id)).available).toBe("5990.00");
    expect((await wallet(prisma(), late.investor.id)).available).toBe("7990.00");
  });

  it("credits once when two admins approve the same line at the same time", async () => {
    const [a, b] = await Promise.all([admin(), admin()]);
    const { investor, ticketId, code } = await depositRequest("40000");
    await importFile(a.id, statement(`01/12/2026,NEFT ${code},40000,,40000,`));
    const id = await lineId(code);
    const results = await Promise.allSettled([credit(a.id, id), credit(b.id, id), credit(a.id, id), credit(b.id, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as { status: number }).status).toBe(409);
    expect(await depositJournals(ticketId)).toBe(1);
    expect((await wallet(prisma(), investor.id)).available).toBe("40990.00");
  });

  it("needs the received amount typed when it differs from the request, and credits what the bank shows", async () => {
    const a = await admin();
    const { investor, code } = await depositRequest("10000");
    await importFile(a.id, statement(`01/12/2026,IMPS ${code},9990,,9990,`));
    const id = await lineId(code);
    await expect(credit(a.id, id)).rejects.toMatchObject({ status: 400, field: "receivedAmount" });
    await expect(credit(a.id, id, "10000")).rejects.toMatchObject({ status: 400, code: "amount_mismatch" });
    expect((await prisma().bankStatementLine.findUniqueOrThrow({ where: { id } })).creditedTicketId).toBeNull();
    expect(await credit(a.id, id, "9,990")).toMatchObject({ state: "credited", credited: "9980.00" });
    expect((await wallet(prisma(), investor.id)).available).toBe("10980.00");
  });

  it("refuses ambiguous and unmatched lines and money out", async () => {
    const a = await admin();
    const { code } = await depositRequest("3000");
    await importFile(
      a.id,
      statement(`01/12/2026,UPI ${code},3000,,3000,`, `02/12/2026,UPI ${code} again,3000,,6000,`, "03/12/2026,Charges,,10,5990,"),
    );
    await expect(credit(a.id, await lineId("again"))).rejects.toMatchObject({ status: 409, code: "not_proposed" });
    await expect(credit(a.id, await lineId("Charges"))).rejects.toMatchObject({ status: 409, code: "outflow" });
    await expect(credit(a.id, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });

  it("waits for a second admin above the four-eyes threshold, then credits once on approval", async () => {
    const [first, second] = await Promise.all([admin(), admin()]);
    const { investor, ticketId, code } = await depositRequest("750000");
    await importFile(first.id, statement(`01/12/2026,RTGS ${code},750000,,750000,UTRBIG`));
    const id = await lineId(code);
    const outcome = await credit(first.id, id);
    expect(outcome.state).toBe("awaiting");
    expect((await wallet(prisma(), investor.id)).available).toBe("1000.00");
    const waiting = await getBankStatementDesk(prisma());
    expect([waiting.awaiting.map((l) => l.id), waiting.proposed.some((l) => l.id === id)]).toEqual([[id], false]);
    await expect(credit(second.id, id)).rejects.toMatchObject({ status: 409, code: "awaiting" });

    await approveMoneyMovement(prisma(), { approvalId: outcome.state === "awaiting" ? outcome.approvalId : "", adminId: second.id });
    expect((await wallet(prisma(), investor.id)).available).toBe("750990.00");
    const desk = await getBankStatementDesk(prisma());
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    // Recorded on the line by the approval's own transaction.
    expect((await prisma().bankStatementLine.findUniqueOrThrow({ where: { id } })).creditedJournalId).toBe(ticket.resolutionJournalId);
    expect(desk.credited.find((c) => c.id === id)?.journalId).toBe(ticket.resolutionJournalId);
    expect(await depositJournals(ticketId)).toBe(1);
  });
});
