import { describe, expect, it } from "vitest";
import { MAIL_QUEUE } from "~/services/mail/mail-queue.server";
import { createUser } from "../../../tests/setup/factories";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { hasOpenSubscriptionRequest, requestSubscription } from "./request-subscription.server";
import { subscriptionRequestToast } from "./subscription-notices";

const db = useTestDatabase();
useMailQueue(db);

const team = { opsRecipients: ["ops@aangan.example"], reviewUrl: "https://aangan.example/admin/support" };

async function teamMailsAbout(ticketIds: string[]): Promise<string[]> {
  const rows = await db.current.prisma.$queryRaw<{ text: string }[]>`
    SELECT data->>'text' AS text FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->'to' ? 'ops@aangan.example'`;
  return rows.map((row) => row.text).filter((text) => ticketIds.some((id) => text.includes(id)));
}

describe("requestSubscription", () => {
  it("opens one subscription_request ticket an admin can act on", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const outcome = await requestSubscription(prisma, user.id);
    expect(outcome.status).toBe("created");
    const ticket = await prisma.supportTicket.findFirstOrThrow({ where: { userId: user.id } });
    expect(ticket).toMatchObject({ ticketType: "subscription_request", status: "open", priority: "medium" });
    expect(ticket.userContactInfo).toMatchObject({ email: user.email, request_type: "subscription_request" });
    expect(await hasOpenSubscriptionRequest(prisma, user.id)).toBe(true);
    expect(subscriptionRequestToast(outcome).title).toBe("Request Submitted Successfully");
  });

  it("says so when a request is already open, also when both arrive at once", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const outcomes = await Promise.all([requestSubscription(prisma, user.id), requestSubscription(prisma, user.id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["already_open", "created"]);
    const again = await requestSubscription(prisma, user.id);
    expect(again.status).toBe("already_open");
    expect(subscriptionRequestToast(again).description).toMatch(/already have an open upgrade request/);
    expect(await prisma.supportTicket.count({ where: { userId: user.id } })).toBe(1);
  });

  it("allows a new request once the previous one is resolved", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    await requestSubscription(prisma, user.id);
    await prisma.supportTicket.updateMany({ where: { userId: user.id }, data: { status: "resolved" } });
    expect(await hasOpenSubscriptionRequest(prisma, user.id)).toBe(false);
    expect((await requestSubscription(prisma, user.id)).status).toBe("created");
  });

  it("does nothing for someone already subscribed", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { subscriptionActive: true, tier: "waitlist_player" });
    expect(await requestSubscription(prisma, user.id)).toEqual({ status: "already_subscribed" });
    expect(await prisma.supportTicket.count({ where: { userId: user.id } })).toBe(0);
  });

  it("queues the team's mail with the ticket: one mail for one request, none for a second at once", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { fullName: "Meera Iyer" });
    const outcomes = await Promise.all([requestSubscription(prisma, user.id, team), requestSubscription(prisma, user.id, team)]);
    const created = outcomes.find((o) => o.status === "created");
    if (created?.status !== "created") throw new Error("no request was created");
    const mails = await teamMailsAbout([created.ticketId]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Meera Iyer <${user.email}> asked to upgrade to a premium subscription.`);
    expect(mails[0]).toContain("Review it at https://aangan.example/admin/support");
    const [row] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'subject' = 'Subscription request from Meera Iyer'`;
    expect(row!.n).toBe(1);
  });
});
