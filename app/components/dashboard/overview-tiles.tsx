import type { ReactNode } from "react";
import { formatINR } from "~/lib/money";
import { percentChange, signedAmount, type PortfolioTotals } from "~/lib/portfolio/overview-figures";

function Tile({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words text-ink">{value}</dd>
      {detail ? <dd className="mt-1 text-sm">{detail}</dd> : null}
    </div>
  );
}

function toneOf(amount: string): string {
  const value = Number(amount);
  return value > 0 ? "text-emerald-700" : value < 0 ? "text-red-700" : "text-slate-600";
}

/** The four overview tiles: invested, worth now (with the change), lifetime return and properties held. */
export function OverviewTiles({ totals }: { totals: PortfolioTotals }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Tile
        label="Total Investment Value"
        value={formatINR(totals.totalInvestment)}
        detail={<span className="text-slate-500">What the shares you hold cost, fees included</span>}
      />
      <Tile
        label="Current Value"
        value={formatINR(totals.currentValue)}
        detail={<span className={toneOf(totals.lifetimeReturn)}>{percentChange(totals.totalInvestment, totals.currentValue)}</span>}
      />
      <Tile
        label="Lifetime Returns"
        value={signedAmount(totals.lifetimeReturn, formatINR)}
        detail={
          <span className="text-slate-500">
            Unrealised {signedAmount(totals.unrealised, formatINR)} + realised gains {signedAmount(totals.realised, formatINR)} +
            distributions {formatINR(totals.distributions)}
          </span>
        }
      />
      <Tile label="Active Properties" value={String(totals.activeProperties)} />
    </dl>
  );
}
