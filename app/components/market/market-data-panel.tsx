import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import { formatINR } from "~/lib/money";

export type MarketDataView = {
  issuePrice: string;
  lastTrade: { price: string; at: string } | null;
  volume30d: { shares: number; value: string; trades: number };
  openSellOrders: number;
  bestPrice: string | null;
  history: { at: string; price: string; shares: number }[];
};

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 64 };
const dayLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const tickLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });
const rupees = (value: string | number) => formatINR(value, { paise: true });

type Point = { date: Date; price: number };

/** Settled trade prices over the last year, drawn on the server; a sentence says what it shows. */
export function PriceHistoryChart({ history, issuePrice }: { history: MarketDataView["history"]; issuePrice: string }) {
  const points: Point[] = history.map((trade) => ({ date: new Date(trade.at), price: Number(trade.price) }));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) {
    return (
      <p className="flex h-32 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
        No resale trades yet: the price history appears after the first settled trade.
      </p>
    );
  }
  const prices = points.map((p) => p.price);
  const issue = Number(issuePrice);
  const low = Math.min(...prices, issue);
  const high = Math.max(...prices, issue);
  const start = first.date.getTime() === last.date.getTime() ? new Date(first.date.getTime() - 24 * 60 * 60 * 1000) : first.date;
  const x = scaleUtc()
    .domain([start, last.date])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([low * 0.95, high * 1.05 || 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<Point>()
    .x((p) => x(p.date))
    .y((p) => y(p.price))(points);
  const summary =
    points.length === 1
      ? `One settled trade: ${rupees(last.price)} a share on ${dayLabel.format(last.date)} (issue price ${rupees(issue)}).`
      : `${points.length} settled trades from ${dayLabel.format(first.date)} to ${dayLabel.format(last.date)}: first ${rupees(first.price)}, last ${rupees(last.price)}, lowest ${rupees(Math.min(...prices))}, highest ${rupees(Math.max(...prices))} a share (issue price ${rupees(issue)}).`;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby="price-history-summary">
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatINR(tick)}
            </text>
          </g>
        ))}
        {x.ticks(5).map((tick) => (
          <text key={tick.toISOString()} x={x(tick)} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-500 text-[11px]">
            {tickLabel.format(tick)}
          </text>
        ))}
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(issue)} y2={y(issue)} strokeDasharray="4 4" className="stroke-slate-400" />
        {path ? <path d={path} fill="none" strokeWidth={2} className="stroke-brand-600" /> : null}
        {points.map((p, index) => (
          <circle key={index} cx={x(p.date)} cy={y(p.price)} r={3} className="fill-brand-600" />
        ))}
      </svg>
      <figcaption id="price-history-summary" className="mt-2 text-sm text-slate-600">
        {summary} The dashed line is the issue price.
      </figcaption>
    </figure>
  );
}

/** The resale market's figures for one property, the same for everyone, readable without JavaScript. */
export function MarketDataPanel({ data }: { data: MarketDataView }) {
  const rows: [string, string][] = [
    ["Issue price", rupees(data.issuePrice)],
    [
      "Last traded price",
      data.lastTrade ? `${rupees(data.lastTrade.price)} on ${dayLabel.format(new Date(data.lastTrade.at))}` : "No trades yet",
    ],
    [
      "Volume (30 days)",
      data.volume30d.trades > 0
        ? `${data.volume30d.shares} ${data.volume30d.shares === 1 ? "share" : "shares"} in ${data.volume30d.trades} ${data.volume30d.trades === 1 ? "trade" : "trades"} (${rupees(data.volume30d.value)})`
        : "No trades in the last 30 days",
    ],
    ["Open sell orders", String(data.openSellOrders)],
    ["Best price", data.bestPrice ? `${rupees(data.bestPrice)} a share` : "No open sell orders"],
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
      <PriceHistoryChart history={data.history} issuePrice={data.issuePrice} />
    </section>
  );
}
