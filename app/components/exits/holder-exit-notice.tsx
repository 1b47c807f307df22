import { formatINR } from "~/lib/money";
import { formatPerShareText } from "~/lib/per-share-text";
import { ExitFigures } from "./exit-figures";

type HolderExit = {
  status: "proposed" | "agreed" | "completed";
  buyerName: string;
  salePrice: string;
  costs: string;
  netProceeds: string;
  perShare: string;
  totalShares: number;
  expectedCompletionDate: string;
  completedAt: string | null;
  shares: number;
  payout: string;
  entryClasses: { entryPrice: string; entryMonth: string; shares: number; irrPercent: string | null }[];
};

/**
 * A property's sale as a holder (or a visitor) sees it: agreed, with the expected pay-out per
 * share and their own; or sold, with its final figures, their pay-out and the final IRR per
 * class of entry (ADR 0071).
 */
export function HolderExitNotice({ exit }: { exit: HolderExit }) {
  const sold = exit.status === "completed";
  return (
    <section
      aria-labelledby="exit-notice-heading"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
      data-testid="exit-notice"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="exit-notice-heading" className="text-lg font-semibold text-ink">
          {sold ? "Sold" : "Sale agreed"}
        </h2>
        {sold ? null : <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">Trading stopped</span>}
      </div>
      <p className="text-sm text-slate-700">
        {sold
          ? `This property was sold to ${exit.buyerName}. The net proceeds were paid to every holder for the shares they held on completion.`
          : `This property is being sold to ${exit.buyerName}. Trading in its shares has stopped; on completion every holder is paid the net proceeds per share held.`}
      </p>
      <ExitFigures exit={exit} />
      {exit.shares > 0 ? (
        <p className="text-sm font-medium text-ink" data-testid="exit-own-payout">
          {sold ? "You received " : "Your expected pay-out: "}
          {formatINR(exit.payout, { paise: true })} for {exit.shares} {exit.shares === 1 ? "share" : "shares"} at{" "}
          {formatPerShareText(exit.perShare)} a share (rounded down to the paisa).
        </p>
      ) : null}
      {sold && exit.entryClasses.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">Final return per share, by entry</h3>
          <p className="text-xs text-slate-600">
            Annualised (XIRR): the entry price paid, each distribution per share received after entry, and the net pay-out per share.
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {exit.entryClasses.map((c) => (
              <li key={`${c.entryPrice}-${c.entryMonth}`} className="flex justify-between gap-3 border-b border-amber-100 py-1">
                <span>
                  Entered {c.entryMonth} at {formatINR(c.entryPrice, { paise: true })} ({c.shares} shares)
                </span>
                <span className="font-medium">{c.irrPercent === null ? "—" : `${c.irrPercent}% a year`}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
