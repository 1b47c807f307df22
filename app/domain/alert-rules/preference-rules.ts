import { Decimal } from "~/lib/money";

export const NAV_MOVE_MIN = "0.5";
export const NAV_MOVE_MAX = "90";
export const NAV_MOVE_MESSAGE = `Enter a percentage from ${NAV_MOVE_MIN} to ${NAV_MOVE_MAX}, with at most 2 decimals.`;

/** The price under which a listing alerts: the one rupee parser's rules, bounded like a share price. */
export const PRICE_ALERT_RULES = {
  message: "Enter a price in rupees, more than zero, with at most 2 decimals.",
  max: "10000000",
  maxMessage: "The price is too large: at most ₹1,00,00,000 a share.",
};

/** The NAV-move threshold as typed ("5", "2.5", "7.5%"), or a refusal. */
export function parseMovePercent(raw: string): { ok: true; value: Decimal } | { ok: false; message: string } {
  const text = raw.trim().replace(/%$/, "").trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return { ok: false, message: NAV_MOVE_MESSAGE };
  const value = new Decimal(text);
  if (value.lt(NAV_MOVE_MIN) || value.gt(NAV_MOVE_MAX)) return { ok: false, message: NAV_MOVE_MESSAGE };
  return { ok: true, value };
}
