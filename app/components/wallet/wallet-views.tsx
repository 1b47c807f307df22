import type { WalletActivity } from "~/domain/wallet/wallet-summary.server";
import { walletActivityEffect, type WalletActivityEffect } from "~/domain/wallet/wallet-activity";
import { formatINR } from "~/lib/money";
import { WalletActions } from "./wallet-actions";
import { formatIndiaDateTime, formatSignedRupees, formatRupees } from "~/lib/formats";

export function WalletBalancePanel({
  available,
  held,
  walletPath,
  payOnline = false,
}: {
  available: string;
  held: string;
  walletPath?: string;
  payOnline?: boolean;
}) {
  return (
    <section aria-labelledby="wallet-balance-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="wallet-balance-heading" className="text-sm font-medium text-slate-600">
        Available balance
      </h2>
      <p className="mt-1 text-3xl font-bold text-ink" data-testid="available-balance">
        {formatRupees(available, { paise: "if-any" })}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Held for open requests and purchases: <span data-testid="held-balance">{formatINR(held, { paise: true })}</span>
      </p>
      <div className="mt-4">
        <WalletActions available={available} walletPath={walletPath} payOnline={payOnline} />
      </div>
    </section>
  );
}

export function WalletActivityList({ activity }: { activity: WalletActivity[] }) {
  return (
    <section aria-labelledby="wallet-activity-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="wallet-activity-heading" className="text-lg font-semibold">
        Recent activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No wallet activity yet. Deposits, purchases and dividends will show here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="wallet-activity">
          {activity.map((entry) => (
            <li key={entry.journalId} className="flex items-start justify-between gap-4 py-3 text-sm">
              {/* A payment's id is one long word: it wraps, and the amount keeps its place on a phone. */}
              <div className="min-w-0 break-words">
                <p className="font-medium text-ink">{entry.description}</p>
                <p className="text-xs text-slate-500">{formatIndiaDateTime(entry.createdAt)}</p>
              </div>
              <ActivityFigure effect={walletActivityEffect(entry)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivityFigure({ effect }: { effect: WalletActivityEffect }) {
  if (effect.kind !== "moved") {
    return (
      <p className="shrink-0 text-right font-semibold whitespace-nowrap text-slate-600">
        {formatRupees(effect.amount, { paise: "if-any" })} {effect.kind}
      </p>
    );
  }
  return (
    <p className={`shrink-0 font-semibold whitespace-nowrap ${effect.amount.startsWith("-") ? "text-ink" : "text-emerald-700"}`}>
      {formatSignedRupees(effect.amount)}
    </p>
  );
}
