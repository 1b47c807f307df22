import { Link } from "@remix-run/react";
import { formatDateTimeIN, formatRupees, formatSignedINR } from "~/components/transactions/format";
import type { WalletActivity } from "~/domain/wallet/wallet-summary.server";
import { formatINR } from "~/lib/money";
import { WalletActions } from "./wallet-actions";
import type { FundRequestKind } from "./wallet-model";

export function WalletBalancePanel({ available, held }: { available: string; held: string }) {
  return (
    <section aria-labelledby="wallet-balance-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="wallet-balance-heading" className="text-sm font-medium text-slate-600">
        Available balance
      </h2>
      <p className="mt-1 text-3xl font-bold text-ink" data-testid="available-balance">
        {formatRupees(available)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Held for pending purchases: <span data-testid="held-balance">{formatINR(held, { paise: true })}</span>
      </p>
      <div className="mt-4">
        <WalletActions available={available} />
      </div>
    </section>
  );
}

const NOTICE_TITLES: Record<FundRequestKind, string> = {
  "add-funds": "Add Funds",
  withdraw: "Withdraw Funds",
};

/** Fund requests arrive with a later release; until then the page says honestly where they are handled. */
export function FundRequestNotice({ kind, closeHref }: { kind: FundRequestKind; closeHref: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="fund-request-title" className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <h2 id="fund-request-title" className="text-lg font-semibold text-ink">
          {NOTICE_TITLES[kind]}
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Fund requests are raised with our support team, who complete them offline. Requesting{" "}
          {kind === "withdraw" ? "a withdrawal" : "a deposit"} from this page will be available here soon.
        </p>
        <p className="mt-2 text-sm text-slate-600">No request has been sent.</p>
        <Link to={closeHref} autoFocus className="mt-5 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Close
        </Link>
      </div>
    </div>
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
        <ul className="mt-3 divide-y divide-slate-100">
          {activity.map((entry) => (
            <li key={entry.journalId} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium text-ink">{entry.description}</p>
                <p className="text-xs text-slate-500">{formatDateTimeIN(entry.createdAt)}</p>
              </div>
              <p className={`font-semibold whitespace-nowrap ${entry.amount.startsWith("-") ? "text-ink" : "text-emerald-700"}`}>
                {formatSignedINR(entry.amount)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
