import { Form, useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import { buttonClasses } from "~/components/ui/button-styles";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { isLowStock } from "~/lib/market/market-rules";
import { Decimal } from "~/lib/money";
import type { MarketplaceData } from "~/web/market.server";
import type { Listing } from "~/domain/market/market-reads.server";
import { RESALE_FEE_TEXT } from "~/domain/market/resale-rules";
import { marketReply } from "./market-action-data";
import { MarketError } from "./market-error";
import { formatRupees, formatShares } from "~/lib/formats";

/** ADR 0011: each mode's dialog says what that mode really does. */
const SETTLEMENT_TEXT = {
  hold: "A buy order at this listing's price fills from it at once: the total is held in your wallet and the shares are reserved for you, and an admin then settles the trade: only then do the shares and money move. Either side may cancel until settlement.",
  instant: "The purchase settles at once: the total leaves your wallet and the shares are added to your portfolio immediately.",
};

/**
 * The marketplace's 'Available Shares' for one property or all: cheapest first, low stock
 * highlighted, the viewer's own listings marked, and a buy dialog that works without
 * JavaScript (a disclosure holding a real form). `action` is where its forms post. `live`
 * opens the property's event stream and revalidates the page's loaders on every market event;
 * the invest page turns it off only while a purchase's timed follow-up owns its refresh.
 */
export function AvailableShares({ market, action, live = true }: { market: MarketplaceData; action?: string; live?: boolean }) {
  const reply = marketReply(useActionData());
  return (
    <section aria-labelledby="available-shares" className="space-y-3 rounded-xl border border-slate-200 p-4">
      {live ? <LiveMarket propertyId={market.propertyId} /> : null}
      <h2 id="available-shares" className="text-lg font-semibold text-ink">
        Available Shares
      </h2>
      {reply?.intent === "buy" ? <MarketError reply={reply} /> : null}
      {market.listings.length === 0 ? (
        <p className="text-sm text-slate-600">No shares are listed for sale right now.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {market.listings.map((listing) => (
            <ListingRow key={listing.id} listing={listing} market={market} action={action} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LiveMarket({ propertyId }: { propertyId: string | null }) {
  useLiveRevalidation(propertyId ? { property: propertyId } : {});
  return null;
}

function ListingRow({ listing, market, action }: { listing: Listing; market: MarketplaceData; action?: string }) {
  const own = listing.sellerId === market.viewerId;
  const low = isLowStock(listing.availableShares);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="listing">
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">{listing.propertyTitle}</p>
        <p className="text-sm text-ink">
          <span className={low ? "font-semibold text-amber-700" : ""}>
            {formatShares(listing.availableShares)} available
            {low ? " (low stock)" : ""}
          </span>{" "}
          at <span className="font-semibold">{formatRupees(listing.pricePerShare)}</span> per share
        </p>
        <p className="text-xs text-slate-600">
          Last price: {listing.lastPrice ? formatRupees(listing.lastPrice) : "no resale yet"} · Issue price:{" "}
          {formatRupees(listing.issuePrice)} · Fee: none for buyer or seller
        </p>
      </div>
      {own ? (
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">Your Listing</span>
      ) : market.viewerId ? (
        <BuyDialog listing={listing} market={market} action={action} />
      ) : null}
    </li>
  );
}

function BuyDialog({ listing, market, action }: { listing: Listing; market: MarketplaceData; action?: string }) {
  const location = useLocation();
  const [shares, setShares] = useState(String(listing.availableShares));
  const sharesRef = useTypedBeforeHydration<HTMLInputElement>(shares, setShares);
  const count = /^\d+$/.test(shares) ? Number(shares) : 0;
  const total = new Decimal(listing.pricePerShare).times(count);
  const short = total.gt(market.balance);
  const title = market.holdsMode ? "Reserve Shares" : "Confirm Purchase";
  const id = `buy-${listing.id}`;
  return (
    <details className="w-full sm:w-auto">
      <summary className={buttonClasses("primary", "sm", "cursor-pointer list-none")}>{market.holdsMode ? "Reserve" : "Buy Now"}</summary>
      <Form
        method="post"
        action={action}
        className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3 sm:w-80"
        aria-labelledby={`${id}-title`}
      >
        <h3 id={`${id}-title`} className="font-semibold text-ink">
          {title}
        </h3>
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="orderId" value={listing.id} />
        <input type="hidden" name="idempotencyKey" value={market.formKey} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <label htmlFor={`${id}-shares`} className="block text-sm font-medium text-ink">
          Shares to buy (1 to {listing.availableShares})
        </label>
        <input
          ref={sharesRef}
          id={`${id}-shares`}
          name="shares"
          type="number"
          min={1}
          max={listing.availableShares}
          step={1}
          required
          value={shares}
          onChange={(event) => setShares(event.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <p className="text-sm text-ink">
          Total: <span className="font-semibold">{formatRupees(total)}</span> · Wallet: {formatRupees(market.balance)}
        </p>
        {short ? <p className="text-sm text-red-700">Insufficient wallet balance. Please add funds to your wallet.</p> : null}
        <p className="text-xs text-slate-600">{market.holdsMode ? SETTLEMENT_TEXT.hold : SETTLEMENT_TEXT.instant}</p>
        <p className="text-xs text-slate-600">Resale fee: {RESALE_FEE_TEXT.buyer}</p>
        <button type="submit" disabled={short || count < 1} className={buttonClasses("primary", "sm", "w-full")}>
          {title}
        </button>
      </Form>
    </details>
  );
}
