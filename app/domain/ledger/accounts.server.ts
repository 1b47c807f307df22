/** The ledger's accounts. A posting's amount is signed: an account's balance is the sum
 * of its postings, and every journal sums to zero. User accounts are what the user owns
 * and may never go negative; platform accounts are their counterparts and may. */
export type AccountRef =
  | { kind: "user_available"; userId: string }
  | { kind: "user_held"; userId: string }
  | { kind: "platform_cash" }
  | { kind: "fees" }
  | { kind: "gateway_clearing" }
  | { kind: "payout_clearing" }
  | { kind: "tds_payable" }
  | { kind: "property_issue"; propertyId: string }
  | { kind: "property_distribution"; propertyId: string };

export function accountCode(account: AccountRef): string {
  switch (account.kind) {
    case "user_available":
      return `user:${account.userId}:available`;
    case "user_held":
      return `user:${account.userId}:held`;
    case "property_issue":
      return `property:${account.propertyId}:issue`;
    case "property_distribution":
      return `property:${account.propertyId}:distribution`;
    case "platform_cash":
      return "platform:cash";
    case "fees":
      return "platform:fees";
    case "gateway_clearing":
      return "platform:gateway-clearing";
    case "payout_clearing":
      return "platform:payout-clearing";
    case "tds_payable":
      return "platform:tds-payable";
  }
}

export const userAvailable = (userId: string): AccountRef => ({ kind: "user_available", userId });
export const userHeld = (userId: string): AccountRef => ({ kind: "user_held", userId });
export const propertyIssue = (propertyId: string): AccountRef => ({ kind: "property_issue", propertyId });
export const platformCash: AccountRef = { kind: "platform_cash" };
export const platformFees: AccountRef = { kind: "fees" };
/** Captured by the payment gateway for Aangan, not yet settled to the escrow account (ADR 0061). */
export const gatewayClearing: AccountRef = { kind: "gateway_clearing" };
/** Sent to investors' banks by the payout provider, to be funded from the escrow account (ADR 0064). */
export const payoutClearing: AccountRef = { kind: "payout_clearing" };
/** Money declared for a property's distribution until it is paid (ADR 0035). */
export const propertyDistribution = (propertyId: string): AccountRef => ({ kind: "property_distribution", propertyId });
/** TDS withheld from distributions, owed to the government until a challan deposits it (ADR 0065). */
export const tdsPayable: AccountRef = { kind: "tds_payable" };
