import type { MarketActionData } from "~/web/market.server";

/** The market's refusal in a page's action data, when there is one (pages may carry other data too). */
export function marketReply(actionData: unknown): MarketActionData["market"] | null {
  if (!actionData || typeof actionData !== "object" || !("market" in actionData)) return null;
  return (actionData as MarketActionData).market;
}
