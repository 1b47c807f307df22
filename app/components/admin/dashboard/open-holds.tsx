import { Link } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime } from "~/lib/formats";

export type OpenHoldRow = {
  journalId: string;
  kind: "withdrawal_hold" | "buyer_hold";
  userEmail: string;
  amount: string;
  expiresAt: string | Date;
  ageDays: number;
  ticketId: string | null;
};

const KIND_WORDS = { withdrawal_hold: "Withdrawal", buyer_hold: "Resale purchase" } as const;

/** Money held for investors and not yet posted or released, oldest first. */
export function OpenHolds({ total, holds }: { total: number; holds: OpenHoldRow[] }) {
  return (
    <section aria-labelledby="open-holds-heading">
      <h2 id="open-holds-heading" className="text-lg font-semibold">
        Open holds ({total})
      </h2>
      <p className="text-xs text-slate-600">Oldest first. A hold past its expiry is released by the expiry job within minutes.</p>
      {holds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No money is held.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm" aria-label="Open holds">
          {holds.map((hold) => (
            <li key={hold.journalId} className="flex flex-col gap-0.5 p-3 sm:flex-row sm:justify-between">
              <span>
                <span className="font-semibold">{formatINR(hold.amount, { paise: true })}</span> · {KIND_WORDS[hold.kind]} ·{" "}
                {hold.userEmail}
                {hold.ticketId ? (
                  <>
                    {" · "}
                    <Link to={`${paths.admin.support()}?ticket=${hold.ticketId}`} className="underline">
                      request
                    </Link>
                  </>
                ) : null}
              </span>
              <span className="text-xs text-slate-600">
                {hold.ageDays === 1 ? "1 day" : `${hold.ageDays} days`} old · expires {formatIndiaDateTime(hold.expiresAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
