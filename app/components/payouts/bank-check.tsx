import { BANK_CHECK_WORDS, type BankAccountView } from "~/domain/payouts/bank-account-view";
import { NAME_MATCH_WARNING } from "~/domain/payouts/name-match";
import { formatIndiaDateTime } from "~/lib/formats";

/**
 * The bank account's penny drop as an admin needs it (ADR 0064): the masked account, what the
 * bank said, the name it holds and how well that matches the investor's name.
 */
export function BankCheck({ account, heading = "Bank account check" }: { account: BankAccountView | null; heading?: string }) {
  return (
    <section aria-labelledby="bank-check-title" className="mt-4 rounded-lg border border-slate-200 p-3 text-sm">
      <h3 id="bank-check-title" className="font-semibold">
        {heading}
      </h3>
      {!account ? (
        <p className="mt-1 text-slate-600">No bank account was checked with the payout provider; withdrawals are paid by hand.</p>
      ) : (
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-slate-600">Account</dt>
            <dd className="font-medium break-words">
              {account.bankName} · {account.maskedNumber} · {account.ifsc}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600">Result</dt>
            <dd className={account.verified ? "font-medium text-emerald-700" : "font-medium text-red-700"}>
              {BANK_CHECK_WORDS[account.status]}
              {account.validatedAt ? ` · ${formatIndiaDateTime(account.validatedAt)}` : ""}
            </dd>
          </div>
          {account.registeredName ? (
            <div className="min-w-0">
              <dt className="text-slate-600">Name at the bank</dt>
              <dd className="font-medium break-words">{account.registeredName}</dd>
            </div>
          ) : null}
          {account.nameMatchScore !== null ? (
            <div className="min-w-0">
              <dt className="text-slate-600">Against {account.holderName}</dt>
              <dd className={account.nameMatchScore < NAME_MATCH_WARNING ? "font-medium text-red-700" : "font-medium"}>
                {`Name match ${account.nameMatchScore}/100`}
                {account.nameMatchScore < NAME_MATCH_WARNING ? " - the names differ; check before approving" : ""}
              </dd>
            </div>
          ) : null}
          {account.validationError && !account.verified ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-slate-600">Detail</dt>
              <dd className="break-words">{account.validationError}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}
