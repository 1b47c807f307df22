import { formatINR } from "~/lib/money";
import { formatIndiaDateTime } from "~/lib/formats";

type Request = {
  ticketId: string;
  reference: string;
  kind: "add_funds" | "withdraw_funds";
  amount: string;
  status: string;
  referenceCode: string | null;
  adminResponse: string | null;
  createdAt: string;
  payout?: PayoutSummary | null;
  bankReference?: string | null;
};
type PayoutSummary = { status: string; utr: string | null; maskedNumber: string; bankName: string; failureReason: string | null };
type Hold = { journalId: string; amount: string; description: string };

const STATUS_LABELS: Record<string, string> = { open: "Open", in_progress: "In progress", resolved: "Completed", closed: "Closed" };

/** The investor's fund requests with their status, and what holds money right now. */
export function FundRequestsPanel({ requests, holds }: { requests: Request[]; holds: Hold[] }) {
  return (
    <section aria-labelledby="fund-requests-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="fund-requests-heading" className="text-lg font-semibold">
        Fund requests
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No fund requests yet. Use Add Funds or Withdraw to raise one.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="fund-requests">
          {requests.map((r) => (
            <li key={r.ticketId} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium text-ink">
                  {r.kind === "add_funds" ? "Add funds" : "Withdrawal"} {formatINR(r.amount, { paise: true })}
                </p>
                <p className="text-xs text-slate-500">
                  Request {r.reference}
                  {r.referenceCode ? ` · transfer reference ${r.referenceCode}` : ""} · {formatIndiaDateTime(r.createdAt)}
                </p>
                {r.payout ? <PayoutLine payout={r.payout} /> : null}
                {!r.payout && r.bankReference ? (
                  <p className="mt-1 text-xs break-words text-slate-700" data-testid="payout-line">
                    Paid by our team · UTR {r.bankReference}
                  </p>
                ) : null}
                {r.adminResponse ? <p className="mt-1 text-xs text-slate-600">Support: {r.adminResponse}</p> : null}
              </div>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700">
                {STATUS_LABELS[r.status] ?? r.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-ink">Held amounts</h3>
      {holds.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing is held.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-testid="holds">
          {holds.map((h) => (
            <li key={h.journalId} className="flex justify-between gap-4">
              <span>{h.description}</span>
              <span className="font-medium">{formatINR(h.amount, { paise: true })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Instructions = {
  reference: string;
  referenceCode: string;
  amount: string;
  escrow: { name: string; accountNumber: string; ifsc: string; upiId: string };
};

/** After an add-funds request: where to send the money, and the code to quote with it. */
export function DepositInstructionsPanel({ instructions, closeHref }: { instructions: Instructions; closeHref: string }) {
  const { escrow } = instructions;
  return (
    <section
      aria-labelledby="deposit-instructions-heading"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 shadow-sm"
      data-testid="deposit-instructions"
    >
      <h2 id="deposit-instructions-heading" className="text-lg font-semibold text-ink">
        Send {formatINR(instructions.amount, { paise: true })} to the escrow account
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Quote the reference <strong data-testid="reference-code">{instructions.referenceCode}</strong> in the transfer remarks so our team
        can match it to request {instructions.reference}.
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Account name</dt>
          <dd className="font-medium">{escrow.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-medium">{escrow.accountNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600">IFSC</dt>
          <dd className="font-medium">{escrow.ifsc}</dd>
        </div>
        <div>
          <dt className="text-slate-600">UPI id</dt>
          <dd className="font-medium">{escrow.upiId}</dd>
        </div>
      </dl>
      <a href={closeHref} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        Done
      </a>
    </section>
  );
}

/** Where a withdrawal's money is, in the investor's words: on its way, paid (with the UTR), or back. */
function PayoutLine({ payout }: { payout: PayoutSummary }) {
  const account = `${payout.bankName} ${payout.maskedNumber}`;
  const text =
    payout.status === "processed"
      ? `Paid to ${account} · UTR ${payout.utr}`
      : payout.status === "reversed"
        ? `Returned by the bank to your wallet${payout.utr ? ` · UTR ${payout.utr}` : ""}`
        : payout.status === "failed"
          ? `Not paid to ${account}: ${payout.failureReason ?? "the bank refused it"}. The amount is back in your wallet.`
          : `On its way to ${account} by IMPS, usually within minutes`;
  return (
    <p className="mt-1 text-xs break-words text-slate-700" data-testid="payout-line">
      {text}
    </p>
  );
}
