import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { Decimal } from "~/lib/money";
import { paths } from "~/lib/paths";
import { percentChange, signedAmount } from "~/lib/portfolio/overview-figures";
import type { PositionHistoryRow } from "~/lib/portfolio/position-history";
import { formatIndiaDate, formatRupees, formatShares } from "~/lib/formats";

export type PositionViewData = {
  propertyId: string;
  title: string;
  sharesOwned: number;
  totalInvestment: string;
  averagePrice: string;
  currentPrice: string;
  currentValue: string;
  profitLoss: string;
  realisedProfit: string;
  distributions: string;
  totalReturn: string;
  valuationRule: string;
  sharesSellable: boolean;
  history: PositionHistoryRow[];
};

const SELLING_DISABLED = "Share selling is not yet enabled for this property. Contact admin if you wish to sell your shares.";
const NOTHING_TO_SELL = "You own no shares of this property to sell.";

/** Why Sell Shares is disabled, or null when it could be offered. */
export function sellBlockedReason(position: { sharesOwned: number; sharesSellable: boolean }): string | null {
  if (position.sharesOwned <= 0) return NOTHING_TO_SELL;
  if (!position.sharesSellable) return SELLING_DISABLED;
  return null;
}

/** `sellDialog` renders the Sell Shares control, given why selling is blocked (or null). */
export function PositionView({ position, sellDialog }: { position: PositionViewData; sellDialog?: (blocked: string | null) => ReactNode }) {
  const blocked = sellBlockedReason(position);
  const tone = Number(position.profitLoss) > 0 ? "text-emerald-700" : Number(position.profitLoss) < 0 ? "text-red-700" : "text-ink";
  const figures: Array<[string, string]> = [
    ["Shares owned", String(position.sharesOwned)],
    ["Total investment", formatRupees(position.totalInvestment)],
    ["Average share price", formatRupees(position.averagePrice)],
    ["Current share price", formatRupees(position.currentPrice)],
    ["Current value", formatRupees(position.currentValue)],
    ["Realised gains", signedAmount(position.realisedProfit, formatRupees)],
    ["Distributions received", formatRupees(position.distributions)],
    ["Total return", signedAmount(position.totalReturn, formatRupees)],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-bold break-words text-ink">{value}</dd>
          </div>
        ))}
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">Profit / loss</dt>
          <dd className={`mt-1 text-lg font-bold break-words ${tone}`}>
            {signedAmount(position.profitLoss, formatRupees)} ({percentChange(position.totalInvestment, position.currentValue)})
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">
        {position.valuationRule} Total investment includes the platform fees paid; profit / loss is current value less total investment
        (unrealised); total return is that plus realised gains plus distributions.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.invest(position.propertyId)} className={buttonClasses("primary", "md")}>
          View Property Details
        </Link>
        {sellDialog ? (
          sellDialog(blocked)
        ) : (
          <span title={blocked ?? undefined} className="inline-flex flex-col">
            <button type="button" disabled aria-describedby="sell-blocked" className={buttonClasses("secondary", "md")}>
              Sell Shares
            </button>
            <span id="sell-blocked" className="mt-1 max-w-xs text-xs text-slate-600">
              {blocked}
            </span>
          </span>
        )}
      </div>
      <section aria-labelledby="position-history" className="rounded-xl border border-slate-200">
        <h2 id="position-history" className="border-b border-slate-200 px-4 py-3 font-semibold text-ink">
          Transactions in this property
        </h2>
        {position.history.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No transactions yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {[...position.history].reverse().map((row) => (
              <li key={row.id} className="grid grid-cols-2 gap-2 p-4 text-sm sm:grid-cols-4">
                <span>
                  <span className="font-semibold text-ink">
                    {row.kind === "buy" ? "Bought" : "Sold"} {formatShares(row.shares)}
                  </span>
                  <span className="block text-xs text-slate-500">{formatIndiaDate(row.date)}</span>
                </span>
                <span className="text-right sm:text-left">
                  {formatRupees(row.amount)}
                  {new Decimal(row.fee).gt(0) ? <span className="block text-xs text-slate-500">Fee {formatRupees(row.fee)}</span> : null}
                </span>
                <span>
                  <span className="block text-xs text-slate-500">Average after</span>
                  {formatRupees(row.averagePrice)} · {row.sharesAfter} held
                </span>
                <span className="text-right sm:text-left">
                  <span className="block text-xs text-slate-500">Realised profit</span>
                  {row.realisedProfit === null ? "—" : signedAmount(row.realisedProfit, formatRupees)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
