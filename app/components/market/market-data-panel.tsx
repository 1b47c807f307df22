import { LineChart } from "~/components/charts/line-chart";
import type { PriceHistoryLayout } from "~/lib/charts/price-history-layout";
import { formatRupees, formatIndiaDate, formatShares } from "~/lib/formats";

export type MarketDataView = {
  issuePrice: string;
  lastTrade: { price: string; at: string } | null;
  volume30d: { shares: number; value: string; trades: number };
  openSellRequests: number;
  bestPrice: string | null;
  /** The price history, laid out by the loader (`layoutPriceHistory`). */
  chart: PriceHistoryLayout | null;
};

/**
 * Settled trade prices over the last year, drawn on the server; a sentence says what it shows.
 * The loader lays it out (`layoutPriceHistory`, with d3); LineChart draws it (ADR 0042).
 */
export function PriceHistoryChart({ chart }: { chart: PriceHistoryLayout | null }) {
  if (!chart) {
    return (
      <p className="flex h-32 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
        No resale trades yet: the price history appears after the first settled trade.
      </p>
    );
  }
  return (
    <LineChart
      chart={chart}
      line={chart.path}
      captionId="price-history-summary"
      caption={`${chart.summary} The dashed line is the issue price.`}
      underLine={
        <line
          x1={chart.plotLeft}
          x2={chart.plotRight}
          y1={chart.issueY}
          y2={chart.issueY}
          strokeDasharray="4 4"
          className="stroke-slate-400"
        />
      }
      overLine={chart.points.map((p, index) => (
        <circle key={index} cx={p.x} cy={p.y} r={3} className="fill-brand-600" />
      ))}
    />
  );
}

/** The resale market's figures for one property, the same for everyone, readable without JavaScript. */
export function MarketDataPanel({ data }: { data: MarketDataView }) {
  const rows: [string, string][] = [
    ["Issue price", formatRupees(data.issuePrice)],
    [
      "Last traded price",
      data.lastTrade ? `${formatRupees(data.lastTrade.price)} on ${formatIndiaDate(data.lastTrade.at)}` : "No trades yet",
    ],
    [
      "Volume (30 days)",
      data.volume30d.trades > 0
        ? `${formatShares(data.volume30d.shares)} in ${data.volume30d.trades} ${data.volume30d.trades === 1 ? "trade" : "trades"} (${formatRupees(data.volume30d.value)})`
        : "No trades in the last 30 days",
    ],
    ["Open sell orders", String(data.openSellRequests)],
    ["Best price", data.bestPrice ? `${formatRupees(data.bestPrice)} a share` : "No open sell orders"],
  ];
  return (
    <section aria-labelledby="market-data-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="market-data-heading" className="text-lg font-semibold text-ink">
        Market data
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="text-sm font-semibold text-ink">Price history (settled trades, last 12 months)</h3>
      <PriceHistoryChart chart={data.chart} />
    </section>
  );
}
