import { Decimal } from "~/lib/money";

/**
 * What a line of wallet activity did to the investor's money. A journal that moves money in
 * or out of the wallet is "moved" by its signed amount. One that only sets money aside inside
 * the wallet (a withdrawal's or a buyer's hold: available down, held up, the total unchanged)
 * is "held", and one that gives it back to available (a hold voided or expired) is "released",
 * each by the amount that changed sides: a line reading "₹0" said nothing of the ₹2,00,000 the
 * investor could no longer spend.
 */
export type WalletActivityEffect = { kind: "moved" | "held" | "released"; amount: string };

export function walletActivityEffect(entry: { amount: string; held: string }): WalletActivityEffect {
  const net = new Decimal(entry.amount);
  const held = new Decimal(entry.held);
  if (!net.isZero() || held.isZero()) return { kind: "moved", amount: net.toFixed(2) };
  return { kind: held.isPositive() ? "held" : "released", amount: held.abs().toFixed(2) };
}
