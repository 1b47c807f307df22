/** How long after a primary purchase the investor may still cancel it (ADR 0068). */
export const COOLING_OFF_HOURS = 48;

export type CoolingOff =
  { state: "open"; until: string } | { state: "ended" | "funded" | "cancelled" | "not_a_purchase"; until: string | null; reason: string };

/**
 * Whether a purchase may still be cancelled, and if not, why — in the words the button's place
 * shows. One rule for the page and the action: a primary purchase, not yet cancelled, made less
 * than 48 hours ago, in a raise that is still open.
 */
export function coolingOff(purchase: {
  type: string;
  status: string;
  madeAt: Date | string;
  propertyStatus: string | null;
  now: Date;
}): CoolingOff {
  const until = new Date(new Date(purchase.madeAt).getTime() + COOLING_OFF_HOURS * 3_600_000);
  const untilText = until.toISOString();
  if (purchase.type !== "investment" || purchase.propertyStatus === null)
    return { state: "not_a_purchase", until: null, reason: "Only a purchase of new shares in a raise can be cancelled." };
  if (purchase.status === "cancelled")
    return { state: "cancelled", until: untilText, reason: "This purchase was cancelled and its full amount returned to your wallet." };
  if (purchase.propertyStatus !== "open")
    return {
      state: "funded",
      until: untilText,
      reason: "The raise has closed, so this purchase can no longer be cancelled; you can sell the shares on the market instead.",
    };
  if (purchase.now.getTime() >= until.getTime())
    return { state: "ended", until: untilText, reason: `The ${COOLING_OFF_HOURS}-hour cooling-off window has ended.` };
  return { state: "open", until: untilText };
}
