import { startOfIndiaDay } from "~/domain/wallet/request-funds.server";
import type { Db } from "~/services/db.server";

/** One India day's money in and out of investors' wallets; every figure is rupees with paise, as text. */
export type MoneyInOutDay = {
  /** The India calendar date, "2026-11-26". */
  day: string;
  /** Deposits credited from a confirmed bank transfer (ticket path and statement credits: counterpart platform cash). */
  inBankTransfer: string;
  /** Deposits credited from the payment gateway's clearing account. */
  inGateway: string;
  /** Every deposit credited to a wallet, gross (before the processing fee). */
  moneyIn: string;
  /** Withdrawal holds posted to platform cash: paid by hand. */
  outByHand: string;
  /** Withdrawal holds posted to the payout clearing account: paid out by the provider. */
  outPayout: string;
  /** Payouts the bank returned to the wallet. */
  returned: string;
  /** Withdrawals paid, less those returned. */
  moneyOut: string;
  /** moneyIn − moneyOut. */
  net: string;
};

export type MoneyInOut = { days: MoneyInOutDay[]; totals: MoneyInOutDay; moved: boolean };

export const MONEY_IN_OUT_DAYS = 14;
const DAY_MS = 86_400_000;

type Row = Omit<MoneyInOutDay, "day"> & { day: string | null };

/**
 * Money in and out per India day over the last `days` days, newest first, with the period's
 * totals, read from the ledger alone (issue 27): the investor-facing transaction rows can be
 * back-dated or described differently, the journals are what moved. One statement; every sum
 * is NUMERIC, and the totals are its ROLLUP row, so a day and the period agree to the paisa.
 */
export async function getMoneyInOut(db: Db, now = new Date(), days = MONEY_IN_OUT_DAYS): Promise<MoneyInOut> {
  const from = new Date(startOfIndiaDay(now).getTime() - (days - 1) * DAY_MS);
  const rows = await db.$queryRaw<Row[]>`
    WITH span AS (
      SELECT (${now}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date - back AS day
        FROM generate_series(0, ${days - 1}::int) back
    ), moves AS (
      SELECT (j.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
             -- A deposit credits user_available from its rail; a paid withdrawal posts its hold
             -- to where the money left; a bank's return credits user_available from payout clearing.
             CASE WHEN j.kind = 'deposit' AND a.kind = 'user_available' THEN p.amount END AS money_in,
             CASE WHEN j.kind = 'deposit' AND a.kind = 'platform_cash' THEN -p.amount END AS in_bank,
             CASE WHEN j.kind = 'deposit' AND a.kind = 'gateway_clearing' THEN -p.amount END AS in_gateway,
             CASE WHEN h.kind = 'withdrawal_hold' AND a.kind = 'platform_cash' THEN p.amount END AS out_hand,
             CASE WHEN h.kind = 'withdrawal_hold' AND a.kind = 'payout_clearing' THEN p.amount END AS out_payout,
             CASE WHEN j.kind = 'reversal' AND a.kind = 'payout_clearing' THEN -p.amount END AS returned
        FROM ledger_journals j
        JOIN ledger_postings p ON p.journal_id = j.id
        JOIN ledger_accounts a ON a.id = p.account_id
        LEFT JOIN ledger_journals h ON h.id = j.pending_journal_id AND j.phase = 'post'
       WHERE j.created_at >= ${from}
         AND (j.kind IN ('deposit', 'reversal') OR h.kind = 'withdrawal_hold')
    ), daily AS (
      SELECT s.day,
             COALESCE(SUM(m.in_bank), 0) AS in_bank,
             COALESCE(SUM(m.in_gateway), 0) AS in_gateway,
             COALESCE(SUM(m.money_in), 0) AS money_in,
             COALESCE(SUM(m.out_hand), 0) AS out_hand,
             COALESCE(SUM(m.out_payout), 0) AS out_payout,
             COALESCE(SUM(m.returned), 0) AS returned
        FROM span s LEFT JOIN moves m ON m.day = s.day
       GROUP BY s.day
    )
    SELECT day::text AS day,
           SUM(in_bank)::numeric(18, 2)::text AS "inBankTransfer",
           SUM(in_gateway)::numeric(18, 2)::text AS "inGateway",
           SUM(money_in)::numeric(18, 2)::text AS "moneyIn",
           SUM(out_hand)::numeric(18, 2)::text AS "outByHand",
           SUM(out_payout)::numeric(18, 2)::text AS "outPayout",
           SUM(returned)::numeric(18, 2)::text AS returned,
           SUM(out_hand + out_payout - returned)::numeric(18, 2)::text AS "moneyOut",
           SUM(money_in - out_hand - out_payout + returned)::numeric(18, 2)::text AS net
      FROM daily
     GROUP BY ROLLUP (day)
     ORDER BY day DESC NULLS FIRST`;
  const [total, ...perDay] = rows;
  const totals = { ...total!, day: "" };
  const moved = [totals.moneyIn, totals.outByHand, totals.outPayout, totals.returned].some((figure) => figure !== "0.00");
  return { days: perDay.map((row) => ({ ...row, day: row.day! })), totals, moved };
}
