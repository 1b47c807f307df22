import { Form, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { COUNTDOWN_WARNING_MINUTES, minutesLeft } from "~/lib/market/market-rules";
import { formatINR } from "~/lib/money";
import type { HoldRow } from "~/domain/market/market-reads.server";

/**
 * Holds for one side: the seller's awaiting their confirmation, or the buyer's open ones.
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
        const state =
          hold.status === "reserved"
            ? "Both confirmed — awaiting settlement by an admin"
            : side === "buyer" && hold.buyerConfirmed
              ? "Waiting for the seller to confirm"
              : "Awaiting your confirmation";
        return (
          <li key={hold.id} className="space-y-2 py-3" data-testid={`${side}-hold`}>
            <p className="font-semibold break-words text-ink">
              {hold.shares} shares of {hold.propertyTitle} for {formatINR(hold.amount, { paise: true })}
            </p>
            <p className="text-sm text-slate-600">{state}</p>
            {hold.status === "pending" ? (
              <p className="flex items-center gap-2 text-sm text-ink">
                {minutes < COUNTDOWN_WARNING_MINUTES ? (
                  <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-red-600" />
                ) : null}
                {minutes} minutes left to confirm
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
