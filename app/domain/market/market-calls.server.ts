import { Decimal } from "~/lib/money";
import { onlySharesAvailableMessage, parseShareCount } from "~/lib/market/market-rules";
import {
  classifyDatabaseFailure,
  databaseErrorText,
  databaseRefusal,
  isRetryableFailure,
  Prisma,
  type PrismaClient,
} from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { PendingAlreadyResolvedError, PendingExpiredError, PendingNotFoundError } from "~/domain/ledger/errors.server";
import { DuplicateSubmitError, insufficientFundsError, marketError, MarketError } from "./market-errors";
import { mayBuyOnMarket } from "./resale-rules";
import { isUuid } from "~/lib/uuid";

/**
 * The market's money paths are one call of a database function each (docs/decisions/0043,
 * migration 20261125500000_market_functions), after at most one read. This module holds
 * what the four share: the buyer's checks against that read, and the mapping of the
 * functions' refusals ('aangan:<code>', SQLSTATE P0001) to MarketErrors.
 */

const ATTEMPTS = 3;

/**
 * Runs one read-then-call, again after a deadlock or a lock timeout (PostgreSQL rolled the
 * call back, so nothing was written), up to three tries in all; then 'Multiple purchases
 * detected'. Every failure reaches the caller as a MarketError, as withMarketErrors did.
 */
export async function runMarketCall<T>(name: string, work: () => Promise<T>, refusal: RefusalContext = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isRetryableFailure(error) && attempt < ATTEMPTS) {
        logger.warn({ transaction: name, attempt, failure: classifyDatabaseFailure(error) }, "market conflict; retrying");
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw toMarketError(error, refusal);
    }
  }
}

/** What a refusal's message needs besides its code. */
export type RefusalContext = { repeatedKind?: "hold" | "trade"; total?: string };

function toMarketError(error: unknown, context: RefusalContext): unknown {
  if (error instanceof MarketError) return error;
  const code = databaseRefusal(error);
  if (code) return refusalError(code, databaseErrorText(error), context) ?? error;
  // The wallet's CHECK refused a race the balance check could not see.
  if (classifyDatabaseFailure(error) === "check_violation" && /escrow_balances_available_not_negative/.test(databaseErrorText(error))) {
    return new MarketError("insufficient_funds", "Insufficient wallet balance. Please add funds to your wallet.", 422);
  }
  if (classifyDatabaseFailure(error) === "unique_violation") return marketError("duplicate", 409);
  if (isRetryableFailure(error)) return marketError("concurrent", 409);
  return error;
}

function refusalError(code: string, text: string, context: RefusalContext): Error | null {
  switch (code) {
    case "repeated": {
      const id = /aangan:repeated id=([0-9a-f-]{36})/i.exec(text)?.[1];
      return id && context.repeatedKind ? new DuplicateSubmitError({ kind: context.repeatedKind, id }) : marketError("duplicate", 409);
    }
    case "key_reused":
      return marketError("keyReused", 409);
    case "tier_too_low":
      return marketError("tierTooLow", 403);
    case "order_not_found":
      return marketError("orderNotFound", 404);
    case "own_order":
      return marketError("ownOrder", 403);
    case "order_inactive":
      return marketError("orderInactive", 409);
    case "trading_disabled":
      return marketError("tradingDisabled", 403);
    case "not_enough_shares":
      return marketError("notEnoughShares", 409, "shares");
    case "insufficient_funds": {
      const balance = /aangan:insufficient_funds balance=(-?[0-9.]+)/.exec(text)?.[1] ?? "0.00";
      return insufficientFundsError(balance, context.total ?? "0.00");
    }
    case "hold_not_found":
      return marketError("holdNotFound", 404);
    case "hold_closed":
      return marketError("holdClosed", 409);
    case "hold_expired":
      return marketError("holdExpired", 409);
    case "already_confirmed":
      return marketError("alreadyConfirmed", 409);
    case "buyer_not_confirmed":
      return marketError("buyerNotConfirmed", 409);
    case "reservation_not_found":
      return marketError("reservationNotFound", 404);
    case "reservation_closed":
      return marketError("reservationClosed", 409);
    case "reservation_expired":
      return marketError("reservationExpired", 409);
    // The ledger's own refusals, as postPendingJournal gave them.
    case "pending_not_found":
      return new PendingNotFoundError("");
    case "pending_resolved":
      return new PendingAlreadyResolvedError("");
    case "pending_expired":
      return new PendingExpiredError("");
    default:
      return null;
  }
}

/** What a buy from a listing reads first: the order, its property, the buyer's tier and wallet, and whether the key was used. */
export type BuyFacts = {
  tier: string | null;
  is_admin: boolean | null;
  order_id: string | null;
  seller_id: string | null;
  property_id: string | null;
  property_title: string | null;
  shares_sellable: boolean | null;
  status: string | null;
  remaining_shares: number | null;
  held_shares: number | null;
  price_per_share: string | null;
  expired: boolean | null;
  available_balance: string | null;
  seen_id: string | null;
  seen_order_id: string | null;
  seen_shares: number | null;
};

/**
 * Everything a buyer must pass before money moves, against the read (the rules of
 * checkPurchase, in their order): a tier of waitlist player or above (or an admin, ADR 0057), an active unexpired
 * order of a tradable property that is not their own, shares from 1 to what the order has
 * not promised to other holds, and a wallet that covers the total. A form key already used
 * is answered first. The database function checks all of it again under the order's lock.
 */
export function checkBuy(facts: BuyFacts, input: { buyerId: string; orderId: string; shares: unknown }, kind: "hold" | "trade") {
  if (facts.seen_id) {
    if (facts.seen_order_id === input.orderId && String(facts.seen_shares) === String(input.shares).trim()) {
      throw new DuplicateSubmitError({ kind, id: facts.seen_id });
    }
    throw marketError("keyReused", 409);
  }
  if (!mayBuyOnMarket({ tier: facts.tier, isAdmin: facts.is_admin })) throw marketError("tierTooLow", 403);
  if (!facts.order_id) throw marketError("orderNotFound", 404);
  if (facts.seller_id === input.buyerId) throw marketError("ownOrder", 403);
  if (facts.status !== "active" || facts.expired) throw marketError("orderInactive", 409);
  if (!facts.shares_sellable) throw marketError("tradingDisabled", 403);
  const shares = parseShareCount(input.shares);
  if (shares === null) throw marketError("invalidShares", 422, "shares");
  const free = facts.remaining_shares! - facts.held_shares!;
  if (shares > free) throw new MarketError("not_enough_shares", onlySharesAvailableMessage(free), 409, "shares");
  const total = new Decimal(facts.price_per_share!).times(shares);
  const balance = facts.available_balance ?? "0";
  if (new Decimal(balance).lt(total)) throw insufficientFundsError(balance, total.toFixed(2));
  return { shares, total: total.toFixed(2), title: facts.property_title! };
}

/**
 * Round trip 1 of a buy from a listing: the buyer's tier and wallet, the order with its
 * property, and the earlier use of the form key (a hold's scoped key, or the buyer's key on
 * a trade's history row), in one statement without locks.
 */
export async function readBuyFacts(
  prisma: PrismaClient,
  input: { buyerId: string; orderId: string },
  seen: { kind: "hold"; key: string } | { kind: "trade"; key: string },
  now: Date,
): Promise<BuyFacts> {
  const orderId = isUuid(input.orderId) ? input.orderId : null;
  const seenSql =
    seen.kind === "hold"
      ? Prisma.sql`SELECT h.id::text AS id, h.order_id::text AS order_id, h.shares FROM share_buyer_holds h WHERE h.idempotency_key = ${seen.key}`
      : Prisma.sql`SELECT t.id::text AS id, t.reference_id AS order_id, t.shares FROM transactions t
                    WHERE t.user_id = ${input.buyerId}::uuid AND t.idempotency_key = ${seen.key}`;
  const [facts] = await prisma.$queryRaw<BuyFacts[]>`
    SELECT u.tier::text AS tier, u.is_admin, o.id::text AS order_id, o.seller_id::text AS seller_id, o.property_id, p.title AS property_title,
           p.shares_sellable, o.status::text AS status, o.remaining_shares, o.held_shares, o.price_per_share::text AS price_per_share,
           o.expires_at <= ${now} AS expired, e.available_balance::text AS available_balance,
           s.id AS seen_id, s.order_id AS seen_order_id, s.shares AS seen_shares
      FROM (SELECT 1) AS one
      LEFT JOIN user_profiles u ON u.user_id = ${input.buyerId}::uuid
      LEFT JOIN share_sell_requests o ON o.id = ${orderId}::uuid
      LEFT JOIN properties p ON p.id = o.property_id
      LEFT JOIN escrow_balances e ON e.user_id = ${input.buyerId}::uuid
      LEFT JOIN (${seenSql}) AS s ON true`;
  return facts!;
}
