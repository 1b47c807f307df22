import { Form, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { COUNTDOWN_WARNING_MINUTES, minutesLeft } from "~/lib/market/market-rules";
import { formatINR } from "~/lib/money";
import type { HoldRow } from "~/domain/market/market-reads.server";
import { formatIndiaTime, formatShares } from "~/lib/formats";

/** A hold's state in plain words, from one side's point of view. */
export function holdStateText(hold: Pick<HoldRow, "status" | "buyerConfirmed" | "sellerConfirmed">, side: "buyer" | "seller"): string {
  if (hold.status === "reserved") return "Awaiting settlement: both sides confirmed; an admin settles the trade offline";
  const mine = side === "buyer" ? hold.buyerConfirmed : hold.sellerConfirmed;
  if (!mine && (side === "buyer" || hold.buyerConfirmed)) return "Awaiting your confirmation";
  return side === "buyer" ? "Waiting for the seller to confirm" : "Waiting for the buyer to confirm";
}

/**
 * Open holds for one side: on the seller's listings, or the buyer's own; settled or cancelled ones leave.
 * Each shows its countdown (a warning dot under 5 minutes), Confirm when it is this side's
 * turn, and Cancel.
 */
export function HoldsList({
  holds,
  side,
  now,
  action,
  empty,
}: {
  holds: HoldRow[];
  side: "buyer" | "seller";
  now: string;
  action?: string;
  empty: string;
}) {
  const location = useLocation();
  if (holds.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {holds.map((hold) => {
        const minutes = minutesLeft(hold.expiresAt, new Date(now));
        const awaitingMe =
          hold.status === "pending" && (side === "buyer" ? !hold.buyerConfirmed : hold.buyerConfirmed && !hold.sellerConfirmed);
        const state = holdStateText(hold, side);
        return (
          <li key={hold.id} className="space-y-2 py-3" data-testid={`${side}-hold`}>
            <p className="font-semibold break-words text-ink">
              {formatShares(hold.shares)} of {hold.propertyTitle} for {formatINR(hold.amount, { paise: true })}
            </p>
            <p className="text-sm text-slate-600">{state}</p>
            {hold.status === "pending" ? (
              <p className="flex items-center gap-2 text-sm text-ink">
                {minutes < COUNTDOWN_WARNING_MINUTES ? (
                  <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-red-600" />
                ) : null}
                {minutes} minutes left to confirm (by {formatIndiaTime(hold.expiresAt)} IST)
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {awaitingMe ? (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value={`${side}-confirm`} />
                  <input type="hidden" name="holdId" value={hold.id} />
                  <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
                  <button type="submit" className={buttonClasses("primary", "sm")}>
                    Confirm
                  </button>
                </Form>
              ) : null}
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="cancel-hold" />
                <input type="hidden" name="holdId" value={hold.id} />
                <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  Cancel hold
                </button>
              </Form>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
