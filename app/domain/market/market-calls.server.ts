import { Decimal } from "~/lib/money";
import { onlySharesAvailableMessage, parseShareCount } from "~/lib/market/market-rules";
import { preparedQuery, type DatabaseErrorTable, type Db, type PreparedStatement } from "~/services/db.server";
import { DomainError } from "~/domain/errors";
import {
  InsufficientFundsError,
  PendingAlreadyResolvedError,
  PendingExpiredError,
  PendingNotFoundError,
} from "~/domain/ledger/errors.server";
import { DuplicateSubmitError, insufficientFundsError, marketError, MarketError } from "./market-errors";
import { mayBuyOnMarket } from "./resale-rules";
import { isUuid } from "~/lib/uuid";

/**
 * The market's money paths are one call of a database function each (docs/decisions/0043,
 * migration 20261125500000_market_functions), after at most one read, through the db
 * service's runMoneyCall. This module holds what they share: the buyer's checks against that
 * read, and the market's table of the database's refusals ('aangan:<code>', SQLSTATE P0001).
 */

/** What a refusal's message needs besides its code; a buy fills in the total once it knows it. */
export type RefusalContext = { repeatedKind?: "hold" | "trade" | "buy-order"; total?: string };

const walletTooLow = () => new MarketError("insufficient_funds", "Insufficient wallet balance. Please add funds to your wallet.", 422);

/**
 * Every failure of a market command as a MarketError (or the ledger's own refusal of a
 * pending journal): the functions' refusals, the wallet's CHECK, a repeated key, and
 * conflicts that outlasted the retries ('Multiple purchases detected').
 */
export function marketErrors(context: RefusalContext = {}): DatabaseErrorTable {
  return {
    domain: (error) => {
      // The ledger's overdraft refusal, from a command that posts through the ledger's code.
      if (error instanceof InsufficientFundsError) return walletTooLow();
      return error instanceof DomainError ? error : undefined;
    },
    refusals: {
      repeated: (message) => {
        const id = /aangan:repeated id=([0-9a-f-]{36})/i.exec(message)?.[1];
        return id && context.repeatedKind ? new DuplicateSubmitError({ kind: context.repeatedKind, id }) : marketError("duplicate", 409);
      },
      key_reused: () => marketError("keyReused", 409),
      tier_too_low: () => marketError("tierTooLow", 403),
      order_not_found: () => marketError("orderNotFound", 404),
      own_order: () => marketError("ownOrder", 403),
      order_inactive: () => marketError("orderInactive", 409),
      trading_disabled: () => marketError("tradingDisabled", 403),
      // The database's exit_refuse_trading (ADR 0071): a sale was agreed while this was under way.
      trading_stopped: () => marketError("tradingStopped", 409),
      not_enough_shares: () => marketError("notEnoughShares", 409, "shares"),
      insufficient_funds: (message) => {
        const balance = /aangan:insufficient_funds balance=(-?[0-9.]+)/.exec(message)?.[1] ?? "0.00";
        return insufficientFundsError(balance, context.total ?? "0.00");
      },
      hold_not_found: () => marketError("holdNotFound", 404),
      hold_closed: () => marketError("holdClosed", 409),
      hold_expired: () => marketError("holdExpired", 409),
      already_confirmed: () => marketError("alreadyConfirmed", 409),
      buyer_not_confirmed: () => marketError("buyerNotConfirmed", 409),
      reservation_not_found: () => marketError("reservationNotFound", 404),
      reservation_closed: () => marketError("reservationClosed", 409),
      reservation_expired: () => marketError("reservationExpired", 409),
      // The ledger's own refusals, as postPendingJournal gives them.
      pending_not_found: () => new PendingNotFoundError(""),
      pending_resolved: () => new PendingAlreadyResolvedError(""),
      pending_expired: () => new PendingExpiredError(""),
    },
    // The wallet's CHECK refused a race the balance check could not see.
    checks: { escrow_balances_available_not_negative: walletTooLow },
    duplicate: () => marketError("duplicate", 409),
    conflict: () => marketError("concurrent", 409),
  };
}

/** What a buy from a listing reads first: the order, its property, the buyer's tier and wallet, and whether the key was used. */
export type BuyFacts = {
  tier: string | null;
  is_admin: boolean | null;
  order_id: string | null;
  seller_id: string | null;
  seller_email: string | null;
  seller_name: string | null;
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
export function checkBuy(
  facts: BuyFacts,
  input: { buyerId: string; orderId: string; shares: unknown },
  kind: "hold" | "trade" | "buy-order",
) {
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
  prisma: Db,
  input: { buyerId: string; orderId: string },
  seen: { kind: "hold" | "trade" | "buy-order"; key: string },
  now: Date,
): Promise<BuyFacts> {
  const orderId = isUuid(input.orderId) ? input.orderId : null;
  const [facts] = await preparedQuery<BuyFacts>(prisma, READ_BUY_FACTS[seen.kind], [input.buyerId, orderId, seen.key, now]);
  return facts!;
}

// Where the form key was used before, per kind of buy: $1 the buyer, $3 the key.
const SEEN_SQL = {
  hold: `SELECT h.id::text AS id, h.order_id::text AS order_id, h.shares FROM share_buyer_holds h WHERE h.idempotency_key = $3`,
  // A Buy Now's order names its listing through its fill.
  "buy-order": `SELECT b.id::text AS id, (SELECT f.sell_order_id::text FROM share_fills f WHERE f.buy_order_id = b.id LIMIT 1) AS order_id,
                       b.shares_wanted AS shares FROM share_buy_orders b WHERE b.idempotency_key = $3`,
  trade: `SELECT t.id::text AS id, t.reference_id AS order_id, t.shares FROM transactions t
           WHERE t.user_id = $1::uuid AND t.idempotency_key = $3`,
} as const;

// $1 the buyer, $2 the order (NULL when not a uuid), $3 the key, $4 now. Prepared once per
// connection, one statement per kind, on the pool's own connection rather than through
// Prisma's query pipeline (ADR 0026): every hold, Buy Now and trade reads it first.
const READ_BUY_FACTS = Object.fromEntries(
  Object.entries(SEEN_SQL).map(([kind, seenSql]) => [
    kind,
    {
      name: `read_buy_facts:${kind}`,
      text: `
    SELECT u.tier::text AS tier, u.is_admin, o.id::text AS order_id, o.seller_id::text AS seller_id,
           sp.email AS seller_email, sp.full_name AS seller_name, o.property_id, p.title AS property_title,
           p.shares_sellable, o.status::text AS status, o.remaining_shares, o.held_shares, o.price_per_share::text AS price_per_share,
           o.expires_at <= $4::timestamptz AS expired, e.available_balance::text AS available_balance,
           s.id AS seen_id, s.order_id AS seen_order_id, s.shares AS seen_shares
      FROM (SELECT 1) AS one
      LEFT JOIN user_profiles u ON u.user_id = $1::uuid
      LEFT JOIN share_sell_requests o ON o.id = $2::uuid
      LEFT JOIN properties p ON p.id = o.property_id
      LEFT JOIN user_profiles sp ON sp.user_id = o.seller_id
      LEFT JOIN escrow_balances e ON e.user_id = $1::uuid
      LEFT JOIN (${seenSql}) AS s ON true`,
    },
  ]),
) as Record<keyof typeof SEEN_SQL, PreparedStatement>;
