import { Form, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { daysLeft, orderProgressText } from "~/lib/market/market-rules";
import { formatINR } from "~/lib/money";
import type { SellerOrder } from "~/domain/market/market-reads.server";

/**
 * The investor's orders: status, how far each got (remaining while open, sold once ended) with a progress bar when partly sold,
 * days left (yellow at `warnDays` or fewer) and Cancel behind a confirmation.
 */
export function SellRequestsList({
  orders,
  now,
  warnDays,
  action,
  empty,
}: {
  orders: SellerOrder[];
  now: string;
  warnDays: number;
  action?: string;
  empty: string;
}) {
  const location = useLocation();
  if (orders.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {orders.map((order) => {
        const sold = order.sharesToSell - order.remainingShares;
        const left = daysLeft(order.expiresAt, new Date(now));
        return (
          <li key={order.id} className="space-y-2 py-3" data-testid="sell-order">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-words text-ink">{order.propertyTitle}</p>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{order.status}</span>
            </div>
            <p className="text-sm text-ink">
              {orderProgressText(order)} at {formatINR(order.pricePerShare, { paise: true })} per share
            </p>
            {sold > 0 && order.remainingShares > 0 ? (
              <progress
                className="h-2 w-full"
                max={order.sharesToSell}
                value={sold}
                aria-label={`${sold} of ${order.sharesToSell} shares sold`}
              />
            ) : null}
            {order.status === "active" ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={left <= warnDays ? "text-sm font-semibold text-amber-700" : "text-sm text-slate-600"}>
                  {left} days left
                </span>
                <details>
                  <summary className={buttonClasses("secondary", "sm", "cursor-pointer list-none")}>Cancel order</summary>
                  <Form
                    method="post"
                    action={action}
                    className="mt-2 space-y-2 rounded-lg border border-slate-200 p-3"
                    aria-label="Confirm cancelling this order"
                  >
                    <p className="text-sm text-ink">Cancel this sell request? Open holds on it are released.</p>
                    <input type="hidden" name="intent" value="cancel-order" />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
                    <button type="submit" className={buttonClasses("primary", "sm")}>
                      Yes, cancel order
                    </button>
                  </Form>
                </details>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
