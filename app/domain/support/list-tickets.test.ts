import { describe, expect, it } from "vitest";
import { listFundRequests } from "~/domain/wallet/list-fund-requests.server";
import { requestDeposit, requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { createInvestor } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getTicketDetail, listTickets } from "./list-tickets.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

describe("the support desk's list", () => {
  it("filters by status, type and priority, newest first, ignoring unknown filter values", async () => {
    const investor = await createInvestor(prisma(), { balance: "9000" });
    const deposit = await requestDeposit(prisma(), { userId: investor.id, amount: "1000", priority: "low", opsRecipients: [] });
    const withdrawal = await requestWithdrawal(prisma(), { userId: investor.id, amount: "2000", priority: "high", opsRecipients: [] });

    expect((await listTickets(prisma(), {})).map((t) => t.id)).toEqual([withdrawal.ticketId, deposit.ticketId]);
    expect((await listTickets(prisma(), { type: "add_funds" })).map((t) => t.id)).toEqual([deposit.ticketId]);
    expect((await listTickets(prisma(), { priority: "high" })).map((t) => t.id)).toEqual([withdrawal.ticketId]);
    expect(await listTickets(prisma(), { status: "resolved" })).toEqual([]);
    expect(await listTickets(prisma(), { status: "'; DROP TABLE support_tickets; --", type: "nope" })).toHaveLength(2);

    const detail = await getTicketDetail(prisma(), deposit.ticketId);
    expect(detail).toMatchObject({
      reference: deposit.ticketId.slice(-8).toUpperCase(),
      referenceCode: deposit.referenceCode,
      userEmail: investor.email,
    });
    expect(detail?.history.map((e) => e.toStatus)).toEqual(["open"]);
    expect(await getTicketDetail(prisma(), "not-an-id")).toBeNull();
  });

  it("shows an investor only their own requests, and each open hold with what it is for", async () => {
    const [mine, theirs] = [await createInvestor(prisma(), { balance: "5000" }), await createInvestor(prisma(), { balance: "5000" })];
    const withdrawal = await requestWithdrawal(prisma(), { userId: mine.id, amount: "1500", opsRecipients: [] });
    await requestDeposit(prisma(), { userId: theirs.id, amount: "3000", opsRecipients: [] });

    const view = await listFundRequests(prisma(), mine.id);
    expect(view.requests.map((r) => [r.ticketId, r.kind, r.amount, r.status])).toEqual([
      [withdrawal.ticketId, "withdraw_funds", "1500.00", "open"],
    ]);
    expect(view.holds).toEqual([
      expect.objectContaining({
        journalId: withdrawal.holdJournalId,
        amount: "1500.00",
        description: `Held for withdrawal request ${withdrawal.ticketId.slice(-8).toUpperCase()}`,
      }),
    ]);
  });
});
