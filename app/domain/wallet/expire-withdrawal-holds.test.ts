import { afterEach, describe, expect, it, vi } from "vitest";
import { createInvestor, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { getPendingJournal } from "~/domain/ledger/get-pending-journal.server";
import { updateTicket } from "~/domain/support/update-ticket.server";
import { createPrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { expireWithdrawalHolds, WITHDRAWAL_EXPIRED_ALERT } from "./expire-withdrawal-holds.server";
import { requestWithdrawal, WITHDRAWAL_HOLD_DAYS } from "./request-funds.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const DAY = 24 * 60 * 60 * 1000;
/** A moment past every hold these tests create. */
const afterExpiry = () => new Date(Date.now() + (WITHDRAWAL_HOLD_DAYS + 1) * DAY);

afterEach(async () => {
  vi.restoreAllMocks();
  await prisma().$executeRawUnsafe("DROP TRIGGER IF EXISTS test_refuse_alerts ON user_alerts");
});

async function investorWithWithdrawal(amount = "4000") {
  const investor = await createInvestor(prisma(), { balance: "10000" });
  const receipt = await requestWithdrawal(prisma(), { userId: investor.id, amount, opsRecipients: [] });
  return { investor, ticketId: receipt.ticketId, holdJournalId: receipt.holdJournalId! };
}

async function wallet(userId: string) {
  const row = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

describe("expireWithdrawalHolds (run by the market-expiry job)", () => {
  it("leaves a hold before its expiry alone", async () => {
    const { investor, holdJournalId } = await investorWithWithdrawal();
    await expireWithdrawalHolds(prisma(), new Date(Date.now() + DAY));
    expect((await getPendingJournal(prisma(), holdJournalId))!.status).toBe("open");
    expect(await wallet(investor.id)).toEqual({ available: "6000.00", held: "4000.00" });
  });

  it("voids an expired hold exactly once across runs in two processes, closes the request and alerts the investor once", async () => {
    const { investor, ticketId, holdJournalId } = await investorWithWithdrawal();
    const now = afterExpiry();
    // Holds left open by earlier cases expire too: each must be voided once, by one run.
    const [dueRow] = await prisma().$queryRaw<{ due: number }[]>`
      SELECT COUNT(*)::int AS due FROM ledger_journals j
       WHERE j.kind = 'withdrawal_hold' AND j.phase = 'pending' AND j.expires_at <= ${now}
         AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)`;
    // A second process: its own client and connection pool.
    const other = createPrismaClient(db.current.url);
    try {
      const runs = await Promise.all([
        expireWithdrawalHolds(prisma(), now),
        expireWithdrawalHolds(other, now),
        expireWithdrawalHolds(prisma(), now),
        expireWithdrawalHolds(other, now),
      ]);
      const again = await expireWithdrawalHolds(other, now);
      expect(runs.reduce((sum, run) => sum + run.withdrawals, 0)).toBe(dueRow!.due);
      expect(again.withdrawals).toBe(0);
    } finally {
      await other.$disconnect();
    }

    expect(await prisma().ledgerJournal.count({ where: { pendingJournalId: holdJournalId } })).toBe(1);
    expect((await getPendingJournal(prisma(), holdJournalId))!.status).toBe("voided");
    expect(await wallet(investor.id)).toEqual({ available: "10000.00", held: "0.00" });
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket.status).toBe("closed");
    expect(ticket.resolutionJournalId).not.toBeNull();
    const alerts = await prisma().userAlert.findMany({ where: { userId: investor.id, alertType: WITHDRAWAL_EXPIRED_ALERT } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("₹4,000.00");
    expect(await checkInvariants(prisma(), now)).toEqual([]);
  });
});

describe("a failed alert never undoes the command it announces", () => {
  async function refuseAlerts() {
    await prisma().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_refuse_alert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'alerts are refused in this test'; END $$`);
    await prisma().$executeRawUnsafe(
      "CREATE TRIGGER test_refuse_alerts BEFORE INSERT ON user_alerts FOR EACH ROW EXECUTE FUNCTION test_refuse_alert()",
    );
  }

  it("the expiry still voids the hold and closes the request, and logs a warning", async () => {
    const { investor, ticketId, holdJournalId } = await investorWithWithdrawal("2500");
    await refuseAlerts();
    const warn = vi.spyOn(logger, "warn");

    expect((await expireWithdrawalHolds(prisma(), afterExpiry())).withdrawals).toBeGreaterThanOrEqual(1);

    expect((await getPendingJournal(prisma(), holdJournalId))!.status).toBe("voided");
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("closed");
    expect(await wallet(investor.id)).toEqual({ available: "10000.00", held: "0.00" });
    expect(await prisma().userAlert.count({ where: { userId: investor.id } })).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ userId: investor.id, alertType: WITHDRAWAL_EXPIRED_ALERT }),
      "alert not created; the event it announces stands",
    );
  });

  it("an admin's ticket update still commits, and logs a warning", async () => {
    const admin = await createUser(prisma(), { isAdmin: true });
    const { investor, ticketId } = await investorWithWithdrawal("1500");
    await refuseAlerts();
    const warn = vi.spyOn(logger, "warn");

    const outcome = await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "in_progress", adminResponse: "On it" });

    expect(outcome).toMatchObject({ status: "in_progress", statusChanged: true });
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket).toMatchObject({ status: "in_progress", adminResponse: "On it" });
    expect(await prisma().userAlert.count({ where: { userId: investor.id } })).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ userId: investor.id }), "alert not created; the event it announces stands");
  });
});
