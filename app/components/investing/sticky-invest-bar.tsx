import { formatINR } from "~/lib/money";

/**
 * On a phone the buy box sits below the facts; this bar keeps the price and a way to it
 * in view. A plain in-page link, so it works without scripts.
 */
export function StickyInvestBar({ sharePrice, label, target }: { sharePrice: string; label: string; target: string }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] lg:hidden">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p className="text-sm">
          <span className="block text-slate-600">Price per share</span>
          <span className="font-semibold">{formatINR(sharePrice)}</span>
        </p>
        <a href={`#${target}`} className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
          {label}
        </a>
      </div>
    </div>
  );
}
