import { describe, expect, it } from "vitest";
import { confirmHold, createBuyerHold, createBuyerHoldIn } from "../../app/domain/market/buyer-holds.server";
import { createMarket, createInvestor, newKey } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { settleReservation } from "../../app/domain/market/settle-trades.server";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { drainMailOutbox } from "../../app/services/mail/mail-outbox.server";
import { MAIL_QUEUE } from "../../app/services/mail/mail-queue.server";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useMailQueue } from "#tests/setup/mail-queue";

/**
 * The market's notices are written by its database functions in the money's own statement
 * (ADR 0060): a hold writes the seller's alert and mail, a settlement both sides' mails, to
 * the mail outbox; a drain moves each mail into the mail queue exactly once, however many
 * drains run at once; a notice that cannot be written never undoes the money.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
useMailQueue(db);

async function listing(shares = 10) {
  // Issued at the ask's price, so the ask is inside the ±20% band (ADR 0076).
  const market = await createMarket(prisma(), { sharePrice: "150" });
  await prisma().property.update({ where: { id: market.property.id }, data: { propertyStatus: "funded" } });
  const order = await createSellRequest(prisma(), {
    sellerId: market.seller.id,
    propertyId: market.property.id,
    shares: String(shares),
    pricePerShare: "150.00",
    idempotencyKey: newKey(),
  });
  return { ...market, order };
}

type Waiting = { to: string[]; subject: string; text: string; queued: boolean };
async function outboxFor(email: string): Promise<Waiting[]> {
  return prisma().$queryRaw<Waiting[]>`
    SELECT ARRAY(SELECT jsonb_array_elements_text(message->'to')) AS "to", message->>'subject' AS subject,
           message->>'text' AS text, queued_at IS NOT NULL AS queued
      FROM mail_outbox WHERE message->'to' ? ${email} ORDER BY created_at`;
}

async function mailJobsTo(email: string): Promise<number> {
  const [row] = await prisma().$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->'to' ? ${email}`;
  return row!.n;
}

describe("notices written with the money", () => {
  it("a hold writes the seller's alert and mail in its own statement; the drain queues the mail once", async () => {
    const { seller, order } = await listing();
    const buyer = await createInvestor(prisma(), { balance: "5000" });
    const hold = await createBuyerHold(prisma(), { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });

    const alerts = await prisma().userAlert.findMany({ where: { userId: seller.id, alertType: "hold_placed" } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("2 shares of Baner Heights for ₹300.00");
    const [waiting, ...more] = await outboxFor(seller.email);
    expect(more).toHaveLength(0);
    expect(waiting).toMatchObject({ to: [seller.email], queued: false });
    expect(waiting!.subject).toMatch(/^Buyer Hold Placed: Baner Heights - confirm by .+ IST$/);
    expect(waiting!.text).toContain(alerts[0]!.message);
    expect(await mailJobsTo(seller.email)).toBe(0);

    await drainMailOutbox(prisma());
    await drainMailOutbox(prisma());
    expect(await mailJobsTo(seller.email)).toBe(1);
    expect((await outboxFor(seller.email)).map((mail) => mail.queued)).toEqual([true]);
    expect(hold.holdId).toBeTruthy();
  });

  it("a hold rolled back, or refused, leaves neither its alert nor its mail", async () => {
    const { seller, order } = await listing();
    const buyer = await createInvestor(prisma(), { balance: "5000" });
    await expect(
      prisma().$transaction(async (tx) => {
        await createBuyerHoldIn(tx, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() }, new Date());
        throw new Error("the caller's transaction fails after the hold");
      }),
    ).rejects.toThrow("fails after the hold");
    const poor = await createInvestor(prisma(), { balance: "10" });
    await expect(
      createBuyerHold(prisma(), { buyerId: poor.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() }),
    ).rejects.toThrow(/Insufficient wallet balance/);

    expect(await prisma().shareBuyerHold.count({ where: { orderId: order.orderId } })).toBe(0);
    expect(await prisma().userAlert.count({ where: { userId: seller.id, alertType: "hold_placed" } })).toBe(0);
    expect(await outboxFor(seller.email)).toEqual([]);
  });

  it("a settlement writes one mail to each side; a failing outbox or alert write warns and the money still moves", async () => {
    const { seller, order } = await listing();
    const buyer = await createInvestor(prisma(), { balance: "5000" });
    const admin = await createUser(prisma(), { isAdmin: true });
    const { holdId } = await createBuyerHold(prisma(), {
      buyerId: buyer.id,
      orderId: order.orderId,
      shares: "3",
      idempotencyKey: newKey(),
    });
    await confirmHold(prisma(), { userId: buyer.id, holdId, side: "buyer" });
    const { reservationId } = await confirmHold(prisma(), { userId: seller.id, holdId, side: "seller" });

    await settleReservation(prisma(), { adminId: admin.id, reservationId: reservationId!, notes: "paid" });
    for (const person of [buyer, seller]) {
      const mails = (await outboxFor(person.email)).filter((mail) => mail.subject.startsWith("Reservation Settled"));
      expect(mails.map((mail) => [mail.to, mail.subject, mail.text])).toEqual([
        [[person.email], "Reservation Settled - Positions updated.", "3 shares of Baner Heights for ₹450.00 were settled."],
      ]);
    }

    // Both notice tables refuse every new row: the next hold still commits, with neither notice.
    const refusing = new Set<string>();
    try {
      await prisma().$executeRawUnsafe(`ALTER TABLE mail_outbox ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
      await prisma().$executeRawUnsafe(`ALTER TABLE user_alerts ADD CONSTRAINT refuse_holds CHECK (alert_type <> 'hold_placed') NOT VALID`);
      refusing.add("on");
      const second = await listing();
      const next = await createBuyerHold(prisma(), {
        buyerId: buyer.id,
        orderId: second.order.orderId,
        shares: "1",
        idempotencyKey: newKey(),
      });
      const row = await prisma().shareBuyerHold.findUniqueOrThrow({ where: { id: next.holdId } });
      expect([row.holdStatus, row.amount.toFixed(2)]).toEqual(["pending", "150.00"]);
      expect(await prisma().userAlert.count({ where: { userId: second.seller.id, alertType: "hold_placed" } })).toBe(0);
      expect(await outboxFor(second.seller.email)).toEqual([]);
    } finally {
      if (refusing.size) {
        await prisma().$executeRawUnsafe(`ALTER TABLE mail_outbox DROP CONSTRAINT refuse_all`);
        await prisma().$executeRawUnsafe(`ALTER TABLE user_alerts DROP CONSTRAINT refuse_holds`);
      }
    }
  });
});

describe("the outbox drain", () => {
  it("two drains at once queue each of 120 mails exactly once", async () => {
    const mails = Array.from({ length: 120 }, (_, index) => ({
      to: [`drain-${index}@example.in`],
      subject: `Drain test ${index}`,
      text: `Mail ${index}`,
    }));
    await drainMailOutbox(prisma()); // what earlier tests left
    await prisma().$executeRaw`SELECT outbox_mails(${JSON.stringify(mails)}::jsonb)`;
    const clients: PrismaClient[] = [createPrismaClient(db.current.url), createPrismaClient(db.current.url)];
    try {
      const results = await Promise.all([...clients, ...clients].map((client) => drainMailOutbox(client)));
      expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(120);
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
    }
    const [counts] = await prisma().$queryRaw<{ jobs: number; distinct: number; waiting: number }[]>`
      SELECT (SELECT COUNT(*)::int FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'subject' LIKE 'Drain test %') AS jobs,
             (SELECT COUNT(DISTINCT data->>'subject')::int FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'subject' LIKE 'Drain test %') AS distinct,
             (SELECT COUNT(*)::int FROM mail_outbox WHERE queued_at IS NULL) AS waiting`;
    expect(counts).toEqual({ jobs: 120, distinct: 120, waiting: 0 });
    // Each row names the job it became.
    const [linked] = await prisma().$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM mail_outbox o JOIN pgboss.job j ON j.id::text = o.job_id WHERE o.message->>'subject' LIKE 'Drain test %'`;
    expect(linked!.n).toBe(120);
  });

  it("a mail no queue could ever send is marked refused and does not hold back the others", async () => {
    const mails = [
      { to: [], subject: "Nobody to send to", text: "x" },
      { to: ["after-refused@example.in"], subject: "After the refused one", text: "y" },
    ];
    await prisma().$executeRaw`SELECT outbox_mails(${JSON.stringify(mails)}::jsonb)`;
    const result = await drainMailOutbox(prisma());
    expect(result).toEqual({ queued: 1, refused: 1 });
    const rows = await prisma().$queryRaw<{ subject: string; refused: string | null; job_id: string | null }[]>`
      SELECT message->>'subject' AS subject, refused, job_id FROM mail_outbox
       WHERE message->>'subject' IN ('Nobody to send to', 'After the refused one') ORDER BY subject`;
    expect(rows.map((row) => [row.subject, row.refused, row.job_id !== null])).toEqual([
      ["After the refused one", null, true],
      ["Nobody to send to", "a mail needs at least one recipient", false],
    ]);
    expect(await mailJobsTo("after-refused@example.in")).toBe(1);
  });

  it("when the mail queue refuses a job, nothing is marked and the mails wait for the next drain", async () => {
    await prisma().$executeRaw`SELECT outbox_mails(${JSON.stringify([{ to: ["waits@example.in"], subject: "Waits", text: "z" }])}::jsonb)`;
    await prisma().$executeRawUnsafe(`ALTER TABLE pgboss.job ADD CONSTRAINT refuse_waits CHECK (data->>'subject' <> 'Waits') NOT VALID`);
    try {
      await expect(drainMailOutbox(prisma())).rejects.toThrow(/refuse_waits/);
      expect((await outboxFor("waits@example.in")).map((mail) => mail.queued)).toEqual([false]);
    } finally {
      await prisma().$executeRawUnsafe(`ALTER TABLE pgboss.job DROP CONSTRAINT refuse_waits`);
    }
    await drainMailOutbox(prisma());
    expect(await mailJobsTo("waits@example.in")).toBe(1);
  });
});
