import { Form, useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import { parseSharePrice } from "~/lib/market/market-rules";
import { Decimal, formatINR } from "~/lib/money";
import { marketReply } from "./market-action-data";
import { MarketError } from "./market-error";
import { formatShares } from "~/lib/formats";

export type SellDialogData = { propertyId: string; sellableShares: number; formKey: string };

/**
 * The Sell Shares dialog: a disclosure with a real form, so it works without JavaScript.
 * `blocked` is why selling is not offered (the spec's tooltip text), shown instead.
 */
export function SellSharesDialog({ sell, blocked, action }: { sell: SellDialogData; blocked: string | null; action?: string }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const reply = marketReply(useActionData());
  const mine = reply?.intent === "sell" ? reply : null;
  const [shares, setShares] = useState(mine?.values.shares ?? "");
  const [price, setPrice] = useState(mine?.values.pricePerShare ?? "");
  const sharesRef = useTypedBeforeHydration<HTMLInputElement>(shares, setShares);
  const priceRef = useTypedBeforeHydration<HTMLInputElement>(price, setPrice);
  const count = /^\d+$/.test(shares) ? Number(shares) : 0;
  const total = (parseSharePrice(price) ?? new Decimal(0)).times(count);
  if (blocked) {
    return (
      <span title={blocked} className="inline-flex flex-col">
        <button type="button" disabled aria-describedby="sell-blocked" className={buttonClasses("secondary", "md")}>
          Sell Shares
        </button>
        <span id="sell-blocked" className="mt-1 max-w-xs text-xs text-slate-600">
          {blocked}
        </span>
      </span>
    );
  }
  return (
    <details open={Boolean(mine)} className="w-full sm:w-auto">
      <summary className={buttonClasses("secondary", "md", "cursor-pointer list-none")}>Sell Shares</summary>
      <Form
        method="post"
        action={action}
        className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4 sm:w-96"
        aria-labelledby="sell-title"
      >
        <h2 id="sell-title" className="font-semibold text-ink">
          Sell Shares
        </h2>
        <MarketError reply={mine} />
        <input type="hidden" name="intent" value="sell" />
        <input type="hidden" name="propertyId" value={sell.propertyId} />
        <input type="hidden" name="idempotencyKey" value={sell.formKey} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <p className="text-sm text-slate-600">You can sell up to {formatShares(sell.sellableShares)} not already listed.</p>
        <div>
          <label htmlFor="sell-shares" className="block text-sm font-medium text-ink">
            Shares to sell
          </label>
          <input
            ref={sharesRef}
            id="sell-shares"
            name="shares"
            type="number"
            min={1}
            max={sell.sellableShares}
            step={1}
            required
            value={shares}
            onChange={(e) => setShares(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="sell-price" className="block text-sm font-medium text-ink">
            Price per share (₹)
          </label>
          <input
            ref={priceRef}
            id="sell-price"
            name="pricePerShare"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="sell-notes" className="block text-sm font-medium text-ink">
            Notes (optional)
          </label>
          <textarea
            id="sell-notes"
            name="notes"
            maxLength={500}
            defaultValue={mine?.values.notes ?? ""}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <p className="text-sm text-ink">
          Total: <span className="font-semibold">{formatINR(total, { paise: true })}</span>
        </p>
        <button
          type="submit"
          disabled={hydrated && (count < 1 || count > sell.sellableShares)}
          className={buttonClasses("primary", "md", "w-full")}
        >
          List Shares for Sale
        </button>
      </Form>
    </details>
  );
}
