import { randomUUID } from "node:crypto";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import type { PrismaClient } from "../../app/services/db.server";
import { createInvestor, createProperty, createSession, createUser } from "./factories";
import { reviewedTotal } from "./reviewed-total";

/**
 * Money chaos over HTTP (ADR 0034): many concurrent clients send a seeded random
 * sequence of buy, list, hold, confirm, settle, cancel, expire, deposit and withdrawal
 * requests, as plain form posts, spread over several app processes on one database, with
 * bursts of the very same request (same form, same idempotency key) released together.
 * Afterwards the books are checked: the ledger reconciles, no balance is negative, held
 * balances equal the open holds and withdrawals, and shares are conserved.
 *
 * Used by tests/integration/money-chaos.test.ts (short) and bench/money-chaos-bench.ts (long).
 */

export type ChaosOptions = {
  /** Base URLs of the app processes (round-robin by random choice). */
  apps: string[];
  prisma: PrismaClient;
  operations: number;
  concurrency: number;
  seed: number;
  investors?: number;
  /** Share of operations sent as a burst of identical requests (0..1). */
  burstShare?: number;
};

export type ChaosReport = {
  operations: number;
  requests: number;
  concurrency: number;
  processes: number;
  bursts: number;
  durationMs: number;
  statuses: Record<string, number>;
  byOperation: Record<string, number>;
  serverErrors: string[];
  violations: string[];
};

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Actor = { id: string; cookie: string };
type Request = { path: string; cookie: string; form: Record<string, string> };
type Pick = <T>(items: readonly T[]) => T | undefined;

const OPERATIONS = ["buy", "list", "hold", "confirm", "settle", "cancel", "expire", "deposit", "withdraw", "resolve"] as const;
type Operation = (typeof OPERATIONS)[number];
const WEIGHTS: Record<Operation, number> = {
  // CHAOS_EXPIRE_WEIGHT: more cleanup runs racing the other operations.
  buy: 14,
  list: 12,
  hold: 16,
  confirm: 16,
  settle: 8,
  cancel: 8,
  expire: Number(process.env.CHAOS_EXPIRE_WEIGHT ?? 4),
  deposit: 6,
  withdraw: 6,
  resolve: 10,
};

const CHAOS_SHARE_PRICE = "1000";
/** A purchase's quantity with the total its review showed, as a confirm form carries them. */
const purchaseOf = (shares: number) => ({ shares: String(shares), reviewedTotal: reviewedTotal(shares, CHAOS_SHARE_PRICE) });

export async function seedChaosWorld(prisma: PrismaClient, investors = 8) {
  const property = await createProperty(prisma, {
    title: "Chaos Towers",
    city: "Chaosville",
    sharePrice: CHAOS_SHARE_PRICE,
    minimumInvestment: "1000",
    totalShares: 100_000,
  });
  await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
  const people: Actor[] = [];
  for (let i = 0; i < investors; i++) {
    const user = await createInvestor(prisma, { balance: "500000" });
    people.push({ id: user.id, cookie: await createSession(prisma, user.id, { production: true }) });
  }
  const admins: Actor[] = [];
  for (let i = 0; i < 2; i++) {
    const admin = await createUser(prisma, { isAdmin: true });
    admins.push({ id: admin.id, cookie: await createSession(prisma, admin.id, { production: true }) });
  }
  return { propertyId: property.id, investors: people, admins };
}

export async function runMoneyChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { prisma, apps } = options;
  const random = seeded(options.seed);
  const pick: Pick = (items) => (items.length === 0 ? undefined : items[Math.floor(random() * items.length)]);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const world = await seedChaosWorld(prisma, options.investors ?? 8);
  const totalWeight = OPERATIONS.reduce((sum, op) => sum + WEIGHTS[op], 0);
  const chooseOperation = (): Operation => {
    let roll = random() * totalWeight;
    for (const op of OPERATIONS) if ((roll -= WEIGHTS[op]) < 0) return op;
    return "buy";
  };

  const report: ChaosReport = {
    operations: 0,
    requests: 0,
    concurrency: options.concurrency,
    processes: apps.length,
    bursts: 0,
    durationMs: 0,
    statuses: {},
    byOperation: {},
    serverErrors: [],
    violations: [],
  };

  async function send(request: Request, app: string, op: string) {
    report.requests++;
    let status: number;
    let body = "";
    try {
      const response = await fetch(`${app}${request.path}`, {
        method: "POST",
        headers: { Cookie: request.cookie, Origin: app, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(request.form).toString(),
        redirect: "manual",
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      status = 0;
      body = String(error);
    }
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    if (status >= 500 || status === 0) report.serverErrors.push(`${op} ${request.path} -> ${status}: ${body.slice(0, 200)}`);
  }

  /** What the next operation sends, read from the database as a client would read its page. */
  async function plan(op: Operation): Promise<Request | null> {
    const investor = pick(world.investors)!;
    const admin = pick(world.admins)!;
    switch (op) {
      case "buy":
        return {
          path: `/invest/${world.propertyId}`,
          cookie: investor.cookie,
          form: {
            intent: "purchase",
            propertyId: world.propertyId,
            ...purchaseOf(int(1, 4)),
            idempotencyKey: randomUUID(),
            acknowledgeRisk: "on",
          },
        };
      case "list":
        return {
          path: "/trading",
          cookie: investor.cookie,
          form: {
            intent: "sell",
            propertyId: world.propertyId,
            shares: String(int(1, 3)),
            pricePerShare: String(int(900, 1200)),
            idempotencyKey: randomUUID(),
          },
        };
      case "hold": {
        const orders = await prisma.shareSellRequest.findMany({
          where: { status: "active", remainingShares: { gt: 0 } },
          select: { id: true, sellerId: true },
          take: 50,
        });
        const order = pick(orders);
        const buyer = pick(world.investors.filter((p) => p.id !== order?.sellerId));
        if (!order || !buyer) return null;
        return {
          path: "/trading",
          cookie: buyer.cookie,
          form: { intent: "buy", orderId: order.id, shares: String(int(1, 2)), idempotencyKey: randomUUID() },
        };
      }
      case "confirm": {
        // Buy Now's reservations come confirmed (ADR 0076): confirming one again is a refusal the run checks too.
        const holds = await prisma.shareBuyerHold.findMany({
          where: { holdStatus: { in: ["pending", "reserved"] } },
          select: { id: true, buyerId: true, sellerId: true, buyerConfirmed: true },
          take: 50,
        });
        const hold = pick(holds);
        if (!hold) return null;
        const side = hold.buyerConfirmed ? "seller" : "buyer";
        const who = world.investors.find((p) => p.id === (side === "buyer" ? hold.buyerId : hold.sellerId))!;
        return { path: "/trading", cookie: who.cookie, form: { intent: `${side}-confirm`, holdId: hold.id } };
      }
      case "settle": {
        const reservation = pick(await prisma.shareReservation.findMany({ where: { status: "active" }, select: { id: true }, take: 50 }));
        if (!reservation) return null;
        return {
          path: "/admin/share-trading",
          cookie: admin.cookie,
          form: { intent: "settle", reservationId: reservation.id, notes: "chaos" },
        };
      }
      case "cancel": {
        const kind = int(0, 2);
        if (kind === 0) {
          const hold = pick(
            await prisma.shareBuyerHold.findMany({ where: { holdStatus: "pending" }, select: { id: true, buyerId: true }, take: 50 }),
          );
          if (!hold) return null;
          const who = world.investors.find((p) => p.id === hold.buyerId)!;
          return { path: "/trading", cookie: who.cookie, form: { intent: "cancel-hold", holdId: hold.id } };
        }
        if (kind === 1) {
          const order = pick(
            await prisma.shareSellRequest.findMany({ where: { status: "active" }, select: { id: true, sellerId: true }, take: 50 }),
          );
          if (!order) return null;
          const who = world.investors.find((p) => p.id === order.sellerId)!;
          return { path: "/trading", cookie: who.cookie, form: { intent: "cancel-order", orderId: order.id } };
        }
        const reservation = pick(await prisma.shareReservation.findMany({ where: { status: "active" }, select: { id: true }, take: 50 }));
        if (!reservation) return null;
        return {
          path: "/admin/share-trading",
          cookie: admin.cookie,
          form: { intent: "cancel-reservation", reservationId: reservation.id },
        };
      }
      case "expire": {
        // Time passes for a few records (their deadlines move into the past), then an admin runs the cleanup.
        // The clock's own writes race the market like any client's, so PostgreSQL may pick one
        // of them as a deadlock's victim: it is then written again, as a client would.
        await againAfterDeadlock(
          () => prisma.$executeRaw`
          UPDATE share_buyer_holds SET hold_expires_at = now() - interval '1 second'
           WHERE id IN (SELECT id FROM share_buyer_holds WHERE hold_status = 'pending' ORDER BY random() LIMIT 2)`,
        );
        await againAfterDeadlock(
          () => prisma.$executeRaw`
          UPDATE share_reservations SET expires_at = now() - interval '1 second'
           WHERE id IN (SELECT id FROM share_reservations WHERE status = 'active' ORDER BY random() LIMIT 1)`,
        );
        await againAfterDeadlock(
          () => prisma.$executeRaw`
          UPDATE share_sell_requests SET expires_at = now() - interval '1 second'
           WHERE id IN (SELECT id FROM share_sell_requests WHERE status = 'active' ORDER BY random() LIMIT 1)`,
        );
        return { path: "/admin/share-trading", cookie: admin.cookie, form: { intent: "cleanup" } };
      }
      case "deposit":
      case "withdraw": {
        // A waitlist player's wallet is on the waitlist dashboard; a purchase may have moved them on.
        const { tier } = await prisma.userProfile.findUniqueOrThrow({ where: { id: investor.id }, select: { tier: true } });
        return {
          path: tier === "waitlist_player" ? "/waitlist-dashboard/wallet" : "/dashboard/wallet",
          cookie: investor.cookie,
          form: {
            intent: op === "deposit" ? "add-funds" : "withdraw",
            amount: String(int(1, 40) * 1000),
            description: "chaos",
            priority: "medium",
          },
        };
      }
      case "resolve": {
        const ticket = pick(
          await prisma.supportTicket.findMany({
            where: { status: { in: ["open", "in_progress"] }, ticketType: { in: ["add_funds", "withdraw_funds"] } },
            select: { id: true, amount: true },
            take: 50,
          }),
        );
        if (!ticket) return null;
        const status = random() < 0.75 ? "resolved" : "closed";
        return {
          path: "/admin/support",
          cookie: admin.cookie,
          form: { ticketId: ticket.id, status, receivedAmount: ticket.amount?.toFixed(2) ?? "1000", adminResponse: "chaos" },
        };
      }
    }
  }

  /**
   * The run ends by taking one sale the whole way, so every run settles something however its
   * random operations interleaved (which reservations outlive a concurrent cancel or expiry is a
   * matter of timing): a purchase, a listing, a hold, both confirmations, then the settlement
   * sent to every process at once, of which exactly one may move the money.
   */
  async function settleOneSaleEverywhere() {
    const [seller, buyer] = world.investors;
    const admin = world.admins[0]!;
    const step = async (request: Request, op: string) => send(request, pick(apps)!, op);
    await step(
      {
        path: `/invest/${world.propertyId}`,
        cookie: seller!.cookie,
        form: { intent: "purchase", propertyId: world.propertyId, ...purchaseOf(2), idempotencyKey: randomUUID(), acknowledgeRisk: "on" },
      },
      "buy",
    );
    await step(
      {
        path: "/trading",
        cookie: seller!.cookie,
        form: { intent: "sell", propertyId: world.propertyId, shares: "1", pricePerShare: "1000", idempotencyKey: randomUUID() },
      },
      "list",
    );
    const order = await prisma.shareSellRequest.findFirst({
      where: { sellerId: seller!.id, status: "active", remainingShares: { gt: 0 } },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (!order) throw new Error("the closing sale: the listing was not created");
    await step(
      { path: "/trading", cookie: buyer!.cookie, form: { intent: "buy", orderId: order.id, shares: "1", idempotencyKey: randomUUID() } },
      "hold",
    );
    // Buy Now is a buy order for the listing: its fill is a reservation both orders confirmed (ADR 0076).
    const hold = await prisma.shareBuyerHold.findFirst({
      where: { orderId: order.id, buyerId: buyer!.id, holdStatus: "reserved" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (!hold) throw new Error("the closing sale: Buy Now made no reservation");
    const reservation = await prisma.shareReservation.findUnique({ where: { holdId: hold.id }, select: { id: true } });
    if (!reservation) throw new Error("the closing sale: the fill has no reservation");
    report.bursts++;
    const settle = {
      path: "/admin/share-trading",
      cookie: admin.cookie,
      form: { intent: "settle", reservationId: reservation.id, notes: "closing sale" },
    };
    await Promise.all(Array.from({ length: 3 }, (_, i) => send(settle, apps[i % apps.length]!, "settle")));
    const settled = await prisma.shareReservation.findUniqueOrThrow({ where: { id: reservation.id }, select: { status: true } });
    if (settled.status !== "settled") throw new Error(`the closing sale: the reservation is ${settled.status} after its settlement`);
  }

  let issued = 0;
  const started = Date.now();
  async function worker() {
    while (issued < options.operations) {
      issued++;
      const op = chooseOperation();
      const request = await plan(op);
      report.operations++;
      report.byOperation[op] = (report.byOperation[op] ?? 0) + 1;
      if (!request) continue;
      if (random() < (options.burstShare ?? 0.15)) {
        // The same form, released together to every process.
        report.bursts++;
        const copies = int(2, 5);
        await Promise.all(Array.from({ length: copies }, (_, i) => send(request, apps[i % apps.length]!, op)));
      } else {
        await send(request, pick(apps)!, op);
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  await settleOneSaleEverywhere();
  report.durationMs = Date.now() - started;
  report.violations = await findViolations(prisma, world.propertyId);
  return report;
}

/** Everything that must hold after any sequence of requests. Empty when the books are right. */
export async function findViolations(prisma: PrismaClient, propertyId?: string): Promise<string[]> {
  const problems = (await checkLedger(prisma)).map((p) => `ledger: ${p.account}: ${p.problem}`);
  const negative = await prisma.$queryRaw<{ user_id: string }[]>`
    SELECT user_id::text FROM escrow_balances WHERE available_balance < 0 OR held_balance < 0`;
  for (const row of negative) problems.push(`negative balance: ${row.user_id}`);
  // Held = open buyer holds + withdrawals waiting for an admin, per user.
  const held = await prisma.$queryRaw<{ user_id: string; held: string; expected: string }[]>`
    WITH expected AS (
      SELECT buyer_id AS user_id, SUM(amount) AS total FROM share_buyer_holds WHERE hold_status IN ('pending', 'reserved') GROUP BY buyer_id
      UNION ALL
      SELECT user_id, SUM(amount) FROM support_tickets
       WHERE ticket_type = 'withdraw_funds' AND status IN ('open', 'in_progress') AND hold_journal_id IS NOT NULL GROUP BY user_id
    ), per_user AS (SELECT user_id, SUM(total) AS total FROM expected GROUP BY user_id)
    SELECT e.user_id::text, e.held_balance::text AS held, COALESCE(p.total, 0)::text AS expected
      FROM escrow_balances e LEFT JOIN per_user p ON p.user_id = e.user_id
     WHERE e.held_balance <> COALESCE(p.total, 0)`;
  for (const row of held) problems.push(`held ${row.held} but open holds and withdrawals are ${row.expected}: ${row.user_id}`);
  // Shares: issued + unissued = total; nobody commits more than they hold; orders never below zero.
  const shares = await prisma.$queryRaw<{ id: string; total: number; available: number; held: bigint | null }[]>`
    SELECT p.id, p.total_shares AS total, p.available_shares AS available, (SELECT SUM(shares) FROM user_property_positions WHERE property_id = p.id) AS held
      FROM properties p WHERE ${propertyId ?? null}::text IS NULL OR p.id = ${propertyId ?? null}`;
  for (const row of shares) {
    if (row.total !== row.available + Number(row.held ?? 0)) {
      problems.push(`shares not conserved on ${row.id}: total ${row.total}, unissued ${row.available}, held by investors ${row.held}`);
    }
  }
  const overCommitted = await prisma.$queryRaw<{ user_id: string }[]>`
    SELECT user_id::text FROM user_property_positions WHERE committed_shares < 0 OR committed_shares > shares OR shares < 0`;
  for (const row of overCommitted) problems.push(`position out of range: ${row.user_id}`);
  const orders = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM share_sell_requests WHERE remaining_shares < 0 OR remaining_shares > shares_to_sell`;
  for (const row of orders) problems.push(`order out of range: ${row.id}`);
  // An order's held shares are exactly the shares of its open holds.
  const heldShares = await prisma.$queryRaw<{ id: string; held: number; open: bigint }[]>`
    SELECT o.id::text, o.held_shares AS held, COALESCE(SUM(h.shares) FILTER (WHERE h.hold_status IN ('pending', 'reserved')), 0) AS open
      FROM share_sell_requests o LEFT JOIN share_buyer_holds h ON h.order_id = o.id
     GROUP BY o.id HAVING o.held_shares <> COALESCE(SUM(h.shares) FILTER (WHERE h.hold_status IN ('pending', 'reserved')), 0)`;
  for (const row of heldShares) problems.push(`order ${row.id} holds ${row.held} shares but its open holds are ${row.open}`);
  // Every purchase is whole: its transaction, its investment and its journal, or none of them.
  const partial = await prisma.$queryRaw<{ id: string }[]>`
    SELECT t.id::text FROM transactions t LEFT JOIN investments i ON i.transaction_id = t.id
     WHERE t.transaction_type = 'investment' AND (i.id IS NULL OR t.journal_id IS NULL)
    UNION ALL
    SELECT i.id::text FROM investments i LEFT JOIN transactions t ON t.id = i.transaction_id WHERE t.id IS NULL`;
  for (const row of partial) problems.push(`partial purchase: ${row.id}`);
  // A settled reservation moved its money (its hold is settled and its journal posted); an open one moved nothing.
  const reservations = await prisma.$queryRaw<{ id: string; status: string }[]>`
    SELECT r.id::text, r.status::text FROM share_reservations r
      JOIN share_buyer_holds h ON h.id = r.hold_id
      LEFT JOIN ledger_journals res ON res.pending_journal_id = h.journal_id
     WHERE (r.status = 'settled' AND (h.hold_status <> 'settled' OR res.id IS NULL))
        OR (r.status = 'active' AND (h.hold_status <> 'reserved' OR res.id IS NOT NULL))`;
  for (const row of reservations) problems.push(`reservation ${row.id} (${row.status}) half done`);
  // Every settled reservation moved its money once: one posted resolution per hold journal.
  const doubles = await prisma.$queryRaw<{ journal_id: string }[]>`
    SELECT h.journal_id::text FROM share_buyer_holds h
      JOIN ledger_journals r ON r.pending_journal_id = h.journal_id
     GROUP BY h.journal_id HAVING COUNT(*) > 1`;
  for (const row of doubles) problems.push(`hold journal resolved twice: ${row.journal_id}`);
  return problems;
}

/** A statement of the chaos clock, written again while PostgreSQL names it a deadlock's victim (40P01). */
async function againAfterDeadlock(write: () => Promise<number>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || !String((error as Error).message).includes("40P01")) throw error;
    }
  }
}
