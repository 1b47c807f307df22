import { formatShares } from "~/lib/formats";
import type { TransactionType } from "~/lib/enums";

export type { TransactionType };

/** Every transaction type, in the order the history's filter offers them. */
export const TRANSACTION_TYPES = [
  "investment",
  "dividend",
  "deposit",
  "withdrawal",
  "share_purchase",
  "share_sale",
  "fee",
  "transmission_in",
  "transmission_out",
  "exit_payout",
] as const satisfies readonly TransactionType[];
export type TransactionFilter = TransactionType | "all";

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  investment: "Investment",
  dividend: "Dividend",
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  share_purchase: "Share Purchase",
  share_sale: "Share Sale",
  fee: "Fee",
  transmission_in: "Transmission In",
  transmission_out: "Transmission Out",
  exit_payout: "Sale Pay-out",
};

/** The type filter from the URL; anything unknown shows everything rather than failing. */
export function parseTransactionFilter(value: string | null | undefined): TransactionFilter {
  return (TRANSACTION_TYPES as readonly string[]).includes(value ?? "") ? (value as TransactionType) : "all";
}

/** "completed" → "Completed": statuses read in sentence case. */
export function statusLabel(status: string): string {
  const words = status.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The one-line summary of a history row. */
export function transactionSummary(row: {
  type: TransactionType;
  propertyTitle: string | null;
  shares: number | null;
  description: string | null;
}): string {
  const shares = row.shares ? formatShares(row.shares) : null;
  const property = row.propertyTitle ?? "a property";
  switch (row.type) {
    case "investment":
      return `Invested in ${property}${shares ? ` · ${shares}` : ""}`;
    case "share_purchase":
      return `Bought ${shares ?? "shares"} of ${property}`;
    case "share_sale":
      return `Sold ${shares ?? "shares"} of ${property}`;
    case "dividend":
      return `Dividend from ${property}`;
    case "deposit":
      return "Funds added to wallet";
    case "withdrawal":
      return "Funds withdrawn from wallet";
    case "fee":
      return row.description ?? "Platform fee";
    case "transmission_in":
      return shares ? `Received ${shares} of ${property} by transmission` : "Funds received by transmission";
    case "transmission_out":
      return shares ? `Transmitted ${shares} of ${property} to nominees` : "Funds transmitted to nominees";
    case "exit_payout":
      return `Sale of ${property}: ${shares ?? "shares"} paid out`;
  }
}
