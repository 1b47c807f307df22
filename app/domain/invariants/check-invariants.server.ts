import { checkLedger } from "~/domain/ledger/check-ledger.server";
import type { Db } from "~/services/db.server";

/** One broken rule: which (`check`), where (`subject`), and what was found. */
export type InvariantProblem = { check: InvariantName; subject: string; problem: string };

export type InvariantName =
  | "ledger"
  | "pending-journal-past-expiry"
  | "withdrawal-without-live-hold"
  | "sell-order-shares-not-committed"
  | "payout-off-the-books"
  | "gateway-clearing-off-the-books"
  | "tds-payable-off-the-books"
  | "platform-counters";

/**
 * How long past its expiry an open pending journal may wait for the expiry job (every
 * minute by default) before the check calls it stuck.
 */
export const EXPIRY_GRACE_MS = 10 * 60 * 1000;

/**
 * The books and the domain's own promises about money in flight, each a query that finds
 * the rows breaking it:
 * - the ledger (checkLedger: wallets equal postings, journals balance, held balances equal
 *   the open pending journals, nothing resolved twice);
 * - every pending journal ends: none is still open past its expiry (and the grace);
 * - every open withdrawal request has a live hold (an unresolved withdrawal_hold journal);
 * - every active sell request's remaining shares are committed on the seller's position, and
 *   nothing else is (committed shares equal the active orders' remaining shares);
 * - every payout agrees with its hold (ADR 0064): one in flight has it open, a processed one
 *   posted it, one that failed voided it; and the payout clearing account holds exactly what
 *   was paid out less what the banks returned less what escrow transferred to the provider,
 *   each transfer's journal moving exactly its amount out of the platform's cash (ADR 0073);
 * - the gateway clearing account holds exactly what the provider settled less what was credited
 *   from it (paid gateway orders, quarantined payments an admin credited), and each of those
 *   rows' journal moves exactly its amount through it (ADR 0061, 0064);
 * - the TDS payable account holds exactly the TDS withheld less what was marked deposited, and
 *   each challan's amount is the TDS of the rows it deposited (ADR 0065);
 * - the platform counters and each property's "raised" equal a recount of the rows (ADR 0078).
 * Returns nothing when all hold. `npm run ledger:check`, the demo seed and the suite run it.
 */
export async function checkInvariants(prisma: Db, now = new Date()): Promise<InvariantProblem[]> {
  const stuckBefore = new Date(now.getTime() - EXPIRY_GRACE_MS);
  const [ledger, expired, withdrawals, commitments, payouts, gateway, tds, counters] = await Promise.all([
    checkLedger(prisma),
    pendingPastExpiry(prisma, stuckBefore),
    withdrawalsWithoutLiveHold(prisma),
    uncommittedSellRequests(prisma),
    payoutsOffTheBooks(prisma),
    gatewayClearingOffTheBooks(prisma),
    tdsOffTheBooks(prisma),
    countersOffTheRows(prisma),
  ]);
  return [
    ...ledger.map(({ account, problem }) => ({ check: "ledger" as const, subject: account, problem })),
    ...expired.map((row) => ({
      check: "pending-journal-past-expiry" as const,
      subject: `journal:${row.id}`,
      problem: `${row.kind} of user ${row.user_id} expired at ${row.expires_at.toISOString()} and is still open`,
    })),
    ...withdrawals.map((row) => ({
      check: "withdrawal-without-live-hold" as const,
      subject: `ticket:${row.id}`,
      problem: row.hold_journal_id
        ? `the ${row.status} withdrawal's hold ${row.hold_journal_id} is ${row.hold_state}`
        : `the ${row.status} withdrawal has no hold`,
    })),
    ...commitments.map((row) => ({
      check: "sell-order-shares-not-committed" as const,
      subject: `position:${row.user_id}:${row.property_id}`,
      problem: `${row.committed} shares committed but active sell orders list ${row.listed}`,
    })),
    ...payouts.map((row) => ({ check: "payout-off-the-books" as const, subject: row.subject, problem: row.problem })),
    ...gateway.map((row) => ({ check: "gateway-clearing-off-the-books" as const, subject: row.subject, problem: row.problem })),
    ...tds.map((row) => ({ check: "tds-payable-off-the-books" as const, subject: row.subject, problem: row.problem })),
    ...counters.map((row) => ({ check: "platform-counters" as const, subject: row.subject, problem: row.problem })),
  ];
}

function pendingPastExpiry(prisma: Db, stuckBefore: Date) {
  return prisma.$queryRaw<{ id: string; kind: string; user_id: string; expires_at: Date }[]>`
    SELECT j.id::text AS id, j.kind::text AS kind, j.user_id::text AS user_id, j.expires_at
      FROM ledger_journals j
     WHERE j.phase = 'pending' AND j.expires_at < ${stuckBefore}
       AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
     ORDER BY j.expires_at`;
}

function withdrawalsWithoutLiveHold(prisma: Db) {
  return prisma.$queryRaw<{ id: string; status: string; hold_journal_id: string | null; hold_state: string }[]>`
    SELECT t.id::text AS id, t.status::text AS status, t.hold_journal_id::text AS hold_journal_id,
           CASE WHEN h.id IS NULL THEN 'missing'
                WHEN h.phase <> 'pending' OR h.kind <> 'withdrawal_hold' THEN 'not a withdrawal hold'
                ELSE 'already ' || r.phase::text END AS hold_state
      FROM support_tickets t
      LEFT JOIN ledger_journals h ON h.id = t.hold_journal_id
      LEFT JOIN ledger_journals r ON r.pending_journal_id = h.id
     WHERE t.ticket_type = 'withdraw_funds' AND t.status IN ('open', 'in_progress')
       AND (h.id IS NULL OR h.phase <> 'pending' OR h.kind <> 'withdrawal_hold' OR r.id IS NOT NULL)`;
}

function uncommittedSellRequests(prisma: Db) {
  return prisma.$queryRaw<{ user_id: string; property_id: string; committed: number; listed: number }[]>`
    WITH listed AS (
      SELECT seller_id AS user_id, property_id, SUM(remaining_shares)::int AS shares
        FROM share_sell_requests WHERE status = 'active'
       GROUP BY seller_id, property_id
    )
    SELECT COALESCE(p.user_id, l.user_id)::text AS user_id, COALESCE(p.property_id, l.property_id) AS property_id,
           COALESCE(p.committed_shares, 0) AS committed, COALESCE(l.shares, 0) AS listed
      FROM user_property_positions p
      FULL OUTER JOIN listed l ON l.user_id = p.user_id AND l.property_id = p.property_id
     WHERE COALESCE(p.committed_shares, 0) <> COALESCE(l.shares, 0)`;
}

function payoutsOffTheBooks(prisma: Db) {
  return prisma.$queryRaw<{ subject: string; problem: string }[]>`
    WITH resolution AS (
      SELECT p.id, p.status, p.journal_id, p.reversal_journal_id, r.id AS resolution_id, r.phase::text AS phase
        FROM payouts p LEFT JOIN ledger_journals r ON r.pending_journal_id = p.hold_journal_id
    )
    SELECT 'payout:' || id::text AS subject,
           CASE WHEN status IN ('queued', 'processing') THEN 'is ' || status || ' but its hold is already ' || phase
                WHEN journal_id IS NOT NULL THEN 'was paid but its hold was not posted by its journal'
                ELSE 'is ' || status || ' but its hold is ' || COALESCE(phase, 'still open') END AS problem
      FROM resolution
     WHERE (status IN ('queued', 'processing') AND resolution_id IS NOT NULL)
        OR (journal_id IS NOT NULL AND (phase IS DISTINCT FROM 'post' OR resolution_id <> journal_id))
        OR (status IN ('failed', 'reversed') AND journal_id IS NULL AND phase IS DISTINCT FROM 'void')
    UNION ALL
    SELECT 'account:platform:payout-clearing', 'holds ' || booked::text || ' but payouts paid less returned less funded come to ' || owed::text
      FROM (SELECT COALESCE((SELECT SUM(p.amount) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                              WHERE a.kind = 'payout_clearing'), 0) AS booked,
                   COALESCE((SELECT SUM(amount) FROM payouts WHERE journal_id IS NOT NULL), 0)
                 - COALESCE((SELECT SUM(amount) FROM payouts WHERE reversal_journal_id IS NOT NULL), 0)
                 - COALESCE((SELECT SUM(amount) FROM payout_fundings), 0) AS owed) totals
     WHERE booked <> owed
    UNION ALL
    SELECT 'payout-funding:' || f.id::text, 'is booked for ' || f.amount::text || ' but its journal moved ' || COALESCE(SUM(p.amount), 0)::text
      FROM payout_fundings f
      LEFT JOIN ledger_postings p ON p.journal_id = f.journal_id
       AND p.account_id = (SELECT id FROM ledger_accounts WHERE kind = 'platform_cash')
     GROUP BY f.id, f.amount
    HAVING COALESCE(SUM(p.amount), 0) <> f.amount`;
}

/**
 * Money captured by the gateway passes through its clearing account: in when a settlement is
 * booked (gross: what reached escrow, the fee and its GST), out when a payment is credited
 * (a paid order, a quarantined payment an admin accepted). What stays is what was captured and
 * not credited; the rows say how much that must be, and each row's journal must move its amount.
 */
function gatewayClearingOffTheBooks(prisma: Db) {
  return prisma.$queryRaw<{ subject: string; problem: string }[]>`
    WITH clearing AS (SELECT id FROM ledger_accounts WHERE kind = 'gateway_clearing'),
    moved AS (
      SELECT p.journal_id, SUM(p.amount) AS amount FROM ledger_postings p WHERE p.account_id IN (SELECT id FROM clearing) GROUP BY p.journal_id
    )
    SELECT 'account:platform:gateway-clearing' AS subject,
           'holds ' || booked::text || ' but settled less credited comes to ' || owed::text AS problem
      FROM (SELECT COALESCE((SELECT SUM(amount) FROM moved), 0) AS booked,
                   COALESCE((SELECT SUM(amount + fees + tax) FROM gateway_settlements), 0)
                 - COALESCE((SELECT SUM(paid_amount) FROM payment_orders WHERE status = 'paid'), 0)
                 - COALESCE((SELECT SUM(paid_amount) FROM payment_exceptions WHERE resolution = 'credited'), 0) AS owed) totals
     WHERE booked <> owed
    UNION ALL
    SELECT 'payment-order:' || o.id::text, 'was paid ' || o.paid_amount::text || ' but its journal moved '
           || COALESCE((-m.amount)::text, 'nothing') || ' out of gateway clearing'
      FROM payment_orders o LEFT JOIN moved m ON m.journal_id = o.journal_id
     WHERE o.status = 'paid' AND (m.amount IS NULL OR -m.amount <> o.paid_amount)
    UNION ALL
    SELECT 'payment-exception:' || e.id::text, 'was credited ' || e.paid_amount::text || ' but its journal moved '
           || COALESCE((-m.amount)::text, 'nothing') || ' out of gateway clearing'
      FROM payment_exceptions e LEFT JOIN moved m ON m.journal_id = e.journal_id
     WHERE e.resolution = 'credited' AND (m.amount IS NULL OR -m.amount <> e.paid_amount)
    UNION ALL
    SELECT 'gateway-settlement:' || s.id::text, 'settled ' || (s.amount + s.fees + s.tax)::text || ' gross but its journal moved '
           || COALESCE(m.amount::text, 'nothing') || ' into gateway clearing'
      FROM gateway_settlements s LEFT JOIN moved m ON m.journal_id = s.journal_id
     WHERE m.amount IS NULL OR m.amount <> s.amount + s.fees + s.tax`;
}

function tdsOffTheBooks(prisma: Db) {
  return prisma.$queryRaw<{ subject: string; problem: string }[]>`
    SELECT 'account:platform:tds-payable' AS subject,
           'holds ' || booked::text || ' but TDS withheld less deposited comes to ' || owed::text AS problem
      FROM (SELECT COALESCE((SELECT SUM(p.amount) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                              WHERE a.kind = 'tds_payable'), 0) AS booked,
                   COALESCE((SELECT SUM(tds) FROM tds_withholdings WHERE deposit_id IS NULL), 0) AS owed) totals
     WHERE booked <> owed
    UNION ALL
    SELECT 'tds-deposit:' || d.id::text, 'the challan says ' || d.amount::text || ' but its rows withheld ' || COALESCE(SUM(w.tds), 0)::text
      FROM tds_deposits d LEFT JOIN tds_withholdings w ON w.deposit_id = d.id
     GROUP BY d.id, d.amount
    HAVING d.amount <> COALESCE(SUM(w.tds), 0)`;
}

function countersOffTheRows(prisma: Db) {
  return prisma.$queryRaw<{ subject: string; problem: string }[]>`
    SELECT 'counter:' || coalesce(k.metric, r.metric) AS subject,
           'keeps ' || coalesce(k.value, 0)::text || ' but the rows count ' || coalesce(r.value, 0)::text AS problem
      FROM (SELECT metric, sum(value) AS value FROM platform_counters GROUP BY metric HAVING sum(value) <> 0) k
      FULL JOIN platform_counters_recount() r ON r.metric = k.metric
     WHERE coalesce(k.value, 0) <> coalesce(r.value, 0)
    UNION ALL
    SELECT 'raised:' || coalesce(k.property_id, r.property_id),
           'keeps ' || coalesce(k.raised, 0)::text || ' but its confirmed investments sum to ' || coalesce(r.raised, 0)::text
      FROM (SELECT property_id, sum(raised) AS raised FROM property_raised GROUP BY property_id HAVING sum(raised) <> 0) k
      FULL JOIN property_raised_recount() r ON r.property_id = k.property_id
     WHERE coalesce(k.raised, 0) <> coalesce(r.raised, 0)`;
}
