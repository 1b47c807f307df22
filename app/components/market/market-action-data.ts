import type { MarketActionData } from "~/web/market.server";

/** A refused market form as the page shows it: which form, the message (after the failure's title), what was typed, any link. */
export type MarketRefusal = {
  intent: string;
  target: string;
  message: string;
  values: Record<string, string>;
  link: string | null;
};

/** The market's refusal in a page's action data, when there is one (pages may carry other data too). */
export function marketReply(actionData: unknown): MarketRefusal | null {
  if (!actionData || typeof actionData !== "object" || !("market" in actionData)) return null;
  const { market, result } = actionData as MarketActionData;
  // A refusal about one field (the shares, say) is shown with the form like any other.
  const said = Object.values(result?.error ?? {})
    .flatMap((messages) => messages ?? [])
    .join(" ");
  const typed = Object.entries(result?.initialValue ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return {
    intent: market.intent,
    target: market.target,
    message: market.title ? `${market.title} - ${said}` : said,
    values: Object.fromEntries(typed.map(([name, value]) => [name, value.trim()])),
    link: market.link,
  };
}
