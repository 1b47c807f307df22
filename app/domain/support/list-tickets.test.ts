import { describe, expect, it } from "vitest";
import { listFundRequests } from "~/domain/wallet/list-fund-requests.server";
import { requestDeposit, requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { createInvestor } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getTicketDetail, listTicketPage, listTickets } from "./list-tickets.server";

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

  it("reaches every ticket, however many, a page at a time from the last one seen, and back", async () => {
    const investor = await createInvestor(prisma());
    // 250 general tickets over 50 instants (five share each instant: ties are broken by id).
    await prisma().$executeRaw`
      INSERT INTO support_tickets (user_id, ticket_type, subject, priority, created_at)
      SELECT ${investor.id}::uuid, 'general', 'Question ' || g, (ARRAY['low','medium','high']::ticket_priority[])[1 + g % 3],
             timestamptz '2026-06-01 10:00:00+00' + make_interval(mins => g / 5)
        FROM generate_series(1, 250) AS g`;
    const everyId = (await listTickets(prisma(), {}, 1000)).map((t) => t.id);
    // The other tests' tickets are here too (newer).
    expect(everyId.length).toBeGreaterThanOrEqual(250);
    expect(everyId.length).toBeLessThan(300);

    const pages: string[][] = [];
    let page = await listTicketPage(prisma(), {}, null, 100);
    expect(page.newer).toBeNull();
    pages.push(page.rows.map((t) => t.id));
    while (page.older) {
      page = await listTicketPage(prisma(), {}, { after: page.older }, 100);
      pages.push(page.rows.map((t) => t.id));
    }
    expect(pages.map((rows) => rows.length)).toEqual([100, 100, everyId.length - 200]);
    expect(pages.flat()).toEqual(everyId);

    // Back from the last page is the middle page, then the first, which has nothing newer.
    const middle = await listTicketPage(prisma(), {}, { before: page.newer! }, 100);
    expect(middle.rows.map((t) => t.id)).toEqual(pages[1]);
    const first = await listTicketPage(prisma(), {}, { before: middle.newer! }, 100);
    expect(first.rows.map((t) => t.id)).toEqual(pages[0]);
    expect(first.newer).toBeNull();

    // A filter pages the same way.
    const high = await listTicketPage(prisma(), { priority: "high" }, null, 50);
    const highRest = await listTicketPage(prisma(), { priority: "high" }, { after: high.older! }, 50);
    expect([...high.rows, ...highRest.rows].map((t) => t.id)).toEqual(
      (await listTickets(prisma(), { priority: "high" }, 1000)).map((t) => t.id),
    );
    expect(highRest.older).toBeNull();
  });
});
