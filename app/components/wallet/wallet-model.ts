import { Decimal } from "~/lib/money";

export const FUND_REQUEST_KINDS = ["add-funds", "withdraw"] as const;
export type FundRequestKind = (typeof FUND_REQUEST_KINDS)[number];

/** Withdraw is off when the balance is missing, zero or less (spec: wallet screen). */
export function canRequestWithdrawal(available: string | null | undefined): boolean {
  if (available === null || available === undefined || available.trim() === "") return false;
  try {
    return new Decimal(available).gt(0);
  } catch {
    return false;
  }
}

/** The notice to show from ?request=…; a withdrawal is never offered on an empty wallet. */
export function openFundRequest(param: string | null, available: string): FundRequestKind | null {
  if (param === "add-funds") return "add-funds";
  if (param === "withdraw" && canRequestWithdrawal(available)) return "withdraw";
  return null;
}
