import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { paths } from "~/lib/paths";
import { buttonClasses } from "~/components/ui/button-styles";
import type { MarketplaceData } from "~/web/market.server";
import type { BookLevel, OrderBook, OwnBuyOrder } from "~/domain/market/order-book.server";
import { ORDER_LIFETIME_DAYS } from "~/lib/market/market-rules";
import { MARKET_MESSAGES } from "~/domain/market/market-errors";
import { formatIndiaDateTime, formatIndiaTime, formatRupees, formatShares } from "~/lib/formats";
import { marketReply } from "./market-action-data";
import { MarketError } from "./market-error";

const BUY_ORDER_INTENTS = ["buy-order", "cancel-buy-order"];
export const isBuyOrderIntent = (intent: string) => BUY_ORDER_INTENTS.includes(intent);

const STATUS_TEXT: Record<string, string> = { active: "Open", filled: "Filled", cancelled: "Cancelled", expired: "Expired" };

/**
 * The property's two-sided market (ADR 0074): depth (best five levels each side), the
 * spread, the last trades, a limit buy order form and the viewer's buy orders with their
 * fills. Its forms work without JavaScript; `action` is where they post. The invest page shows
 * no place-order form (its purchase form owns the page's one idempotency key) but links to /trading.
 */
export function OrderBookPanel({ market, action, placeForm = true }: { market: MarketplaceData; action?: string; placeForm?: boolean }) {
  const reply = marketReply(useActionData());
  const location = useLocation();
  const book = market.book;
  if (!book) return null;
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section aria-labelledby="order-book" className="space-y-4 rounded-xl border border-slate-200 p-4" data-testid="order-book">
      <h2 id="order-book" className="text-lg font-semibold text-ink">
        Order book
      </h2>
      {book.halted ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Trading in this property is halted by an admin: orders are kept, and nothing matches until trading resumes.
        </p>
      ) : null}
      <Depth book={book} />
      <Tape book={book} />
      {reply && isBuyOrderIntent(reply.intent) ? <MarketError reply={reply} /> : null}
      {market.viewerId ? (
        <>
          {!book.tradingOn ? (
            <p role="note" className="text-sm text-slate-600" data-testid="buy-orders-closed">
              {MARKET_MESSAGES.tradingDisabled} No buy order can be placed until an admin opens resale.
            </p>
          ) : placeForm ? (
            <BuyOrderForm market={market} action={action} returnTo={returnTo} values={reply?.intent === "buy-order" ? reply.values : {}} />
          ) : (
            <p className="text-sm text-slate-600">
              Place a buy order for this property on the{" "}
              <Link to={`${paths.trading()}?property=${market.propertyId}`} className="font-semibold underline">
                Trading
              </Link>{" "}
              page.
            </p>
          )}
          <OwnBuyOrders orders={market.buyOrders} action={action} returnTo={returnTo} />
        </>
      ) : null}
    </section>
  );
}

function Depth({ book }: { book: OrderBook }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Levels caption="Bids (buy orders)" levels={book.bids} testId="bids" empty="No buy orders." />
      <Levels caption="Asks (sell orders)" levels={book.asks} testId="asks" empty="No sell orders." />
      <p className="text-sm text-ink sm:col-span-2" data-testid="spread">
        Spread: {book.spread === null ? "no spread yet (one side is empty)" : formatRupees(book.spread)}
      </p>
    </div>
  );
}

function Levels({ caption, levels, testId, empty }: { caption: string; levels: BookLevel[]; testId: string; empty: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="text-left font-semibold text-ink">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col">Price per share</th>
          <th scope="col">Shares</th>
        </tr>
      </thead>
      <tbody>
        {levels.length === 0 ? (
          <tr>
            <td colSpan={2} className="text-slate-600">
              {empty}
            </td>
          </tr>
        ) : (
          levels.map((level) => (
            <tr key={level.price}>
              <td>{formatRupees(level.price)}</td>
              <td>{formatShares(level.shares)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function Tape({ book }: { book: OrderBook }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">Last trades</h3>
      {book.trades.length === 0 ? (
        <p className="text-sm text-slate-600">No trades matched yet.</p>
      ) : (
        <ul className="text-sm" data-testid="trade-tape">
          {book.trades.map((trade, index) => (
            <li key={`${trade.at}-${index}`}>
              {formatIndiaTime(trade.at)} · {formatShares(trade.shares)} at {formatRupees(trade.price)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BuyOrderForm({
  market,
  action,
  returnTo,
  values,
}: {
  market: MarketplaceData;
  action?: string;
  returnTo: string;
  values: Record<string, string>;
}) {
  return (
    <Form method="post" action={action} className="space-y-2 rounded-lg border border-slate-200 p-3" aria-labelledby="buy-order-title">
      <h3 id="buy-order-title" className="font-semibold text-ink">
        Place a buy order
      </h3>
      <input type="hidden" name="intent" value="buy-order" />
      <input type="hidden" name="propertyId" value={market.propertyId ?? ""} />
      <input type="hidden" name="idempotencyKey" value={market.formKey} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="block text-sm font-medium text-ink">
          Shares
          <input
            name="shares"
            type="number"
            min={1}
            step={1}
            required
            defaultValue={values.shares}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm font-medium text-ink">
          Your limit, ₹ a share at most
          <input
            name="maxPrice"
            inputMode="decimal"
            required
            defaultValue={values.maxPrice}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm font-medium text-ink">
          Expires in (days, up to {ORDER_LIFETIME_DAYS})
          <input
            name="expiryDays"
            type="number"
            min={1}
            max={ORDER_LIFETIME_DAYS}
            step={1}
            defaultValue={values.expiryDays ?? String(ORDER_LIFETIME_DAYS)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
      </div>
      <p className="text-xs text-slate-600">
        Shares × your maximum price is held from your wallet (available {formatRupees(market.balance)}) until the order fills, is cancelled
        or expires. It buys from the cheapest sell orders first, at their price;{" "}
        {market.holdsMode ? "an admin then settles each match." : "each match settles at once."}
      </p>
      <button type="submit" className={buttonClasses("primary", "sm")}>
        Place Buy Order
      </button>
    </Form>
  );
}

function OwnBuyOrders({ orders, action, returnTo }: { orders: OwnBuyOrder[]; action?: string; returnTo: string }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">Your buy orders</h3>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">You have no buy orders for this property.</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="own-buy-orders">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm" data-testid="own-buy-order">
              <div>
                <p className="text-ink">
                  {STATUS_TEXT[order.status] ?? order.status}: {formatShares(order.sharesWanted)} at up to {formatRupees(order.maxPrice)} ·
                  filled {formatShares(order.filledShares)}
                  {order.status === "active" ? ` · held ${formatRupees(order.held)} · expires ${formatIndiaDateTime(order.expiresAt)}` : ""}
                </p>
                {order.fills.length > 0 ? (
                  <p className="text-xs text-slate-600">
                    Fills: {order.fills.map((f) => `${formatShares(f.shares)} at ${formatRupees(f.price)}`).join(", ")}
                  </p>
                ) : null}
              </div>
              {order.status === "active" ? (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="cancel-buy-order" />
                  <input type="hidden" name="orderId" value={order.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <button type="submit" className={buttonClasses("secondary", "sm")}>
                    Cancel Buy Order
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
