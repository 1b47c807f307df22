import { describe, expect, it } from "vitest";
import { createInvestor } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { listOpenHolds } from "./list-open-holds.server";
import { voidPendingJournal } from "./pending-journals.server";

const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

describe("listOpenHolds (the admin overview's open holds)", () => {
  it("lists unresolved holds oldest first with their age and request, and leaves resolved ones out", async () => {
    const prisma = db.current.prisma;
    const first = await createInvestor(prisma, { balance: "20000" });
    const second = await createInvestor(prisma, { balance: "20000" });
    const older = await requestWithdrawal(prisma, { userId: first.id, amount: "1500", opsRecipients: [] });
    const newer = await requestWithdrawal(prisma, { userId: second.id, amount: "2500", opsRecipients: [] });
    const released = await requestWithdrawal(prisma, { userId: second.id, amount: "1000", opsRecipients: [] });
    await prisma.$transaction((tx) => voidPendingJournal(tx, { pendingJournalId: released.holdJournalId!, reason: "test" }));

    const { total, holds } = await listOpenHolds(prisma, new Date(Date.now() + 3 * DAY + 60_000));

    expect(total).toBe(2);
    expect(holds.map((h) => [h.journalId, h.kind, h.userEmail, h.amount, h.ticketId, h.ageDays])).toEqual([
      [older.holdJournalId, "withdrawal_hold", first.email, "1500.00", older.ticketId, 3],
      [newer.holdJournalId, "withdrawal_hold", second.email, "2500.00", newer.ticketId, 3],
    ]);
  });
});
