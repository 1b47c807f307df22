import { Decimal } from "~/lib/money";
import type { TransactionType } from "~/lib/transactions";

const MONEY_IN: ReadonlySet<TransactionType> = new Set(["deposit", "dividend", "share_sale", "exit_payout"]);

/**
 * What one transaction did to the wallet, the one figure every surface prints for it (ADR 0046):
 * a purchase is −(amount + fee), money in is +(amount − fee), and a `fee` row is −amount: its
 * amount is the charge itself, so a fee column on it (older rows repeated the charge there) is
 * never a second charge. A purchase cancelled in the cooling-off window did nothing in the end:
 * its refund reversed it (ADR 0068), so its effect is zero.
 */
export function walletEffect(row: {
  type: TransactionType;
  amount: Decimal.Value;
  fee: Decimal.Value;
  status?: string;
  shares?: number | null;
}): Decimal {
  if (row.status === "cancelled") return new Decimal(0);
  const amount = new Decimal(row.amount).abs();
  // A transmission of shares (ADR 0066) carries their cost, not money: the wallet does not move.
  if (row.type === "transmission_in" || row.type === "transmission_out") {
    if (row.shares) return new Decimal(0);
    return row.type === "transmission_in" ? amount : amount.neg();
  }
  if (row.type === "fee") return amount.neg();
  const fee = new Decimal(row.fee).abs();
  return MONEY_IN.has(row.type) ? amount.minus(fee) : amount.plus(fee).neg();
}

/** The charge a transaction carries: a `fee` row's amount, otherwise its fee column. */
export function chargeOf(row: { type: TransactionType; amount: Decimal.Value; fee: Decimal.Value }): Decimal {
  return new Decimal(row.type === "fee" ? row.amount : row.fee).abs();
}
