import { formatCalendarDate } from "~/lib/formats";
import { formatINR } from "~/lib/money";
import { formatPerShareText } from "~/lib/per-share-text";

type ExitFigureValues = {
  buyerName: string;
  salePrice: string;
  costs: string;
  netProceeds: string;
  perShare: string;
  totalShares: number;
  expectedCompletionDate: string;
  completedAt: string | null;
};

/** The sale's figures as a definition list: price, costs, net, per share, dates. */
export function ExitFigures({ exit }: { exit: ExitFigureValues }) {
  const rows: [string, string][] = [
    ["Buyer", exit.buyerName],
    ["Sale price", formatINR(exit.salePrice, { paise: true })],
    ["Costs of the sale", formatINR(exit.costs, { paise: true })],
    ["Net proceeds", formatINR(exit.netProceeds, { paise: true })],
    [`Net per share (÷ ${exit.totalShares} shares)`, formatPerShareText(exit.perShare)],
    exit.completedAt
      ? ["Paid on", formatCalendarDate(exit.completedAt.slice(0, 10))]
      : ["Expected completion", formatCalendarDate(exit.expectedCompletionDate)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
