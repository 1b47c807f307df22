import { formatRupees, formatShares } from "~/lib/formats";

export type DistributionView = {
  id: string;
  basis: "total" | "per_share";
  amount: string;
  recordDate: string;
  paymentDate: string;
  note: string;
  status: "declared" | "paid";
  perShareAmount: string | null;
  paidAmount?: string | null;
};

export type ReceivedView = {
  transactionId: string;
  distributionId: string | null;
  shares: number;
  amount: string;
  /** Set when TDS was withheld: the gross, so the per-share figure above and what arrived agree. */
  gross?: string | null;
  taxWithheld?: string | null;
};

/** "you received ₹11,400.00 for 25 shares: ₹14,250.00 less ₹2,850.00 TDS withheld". */
function receivedText(mine: ReceivedView): string {
  const shares = mine.shares ? ` for ${formatShares(mine.shares)}` : "";
  const tax = mine.gross && mine.taxWithheld ? `: ${formatRupees(mine.gross)} less ${formatRupees(mine.taxWithheld)} TDS withheld` : "";
  return ` — you received ${formatRupees(mine.amount)}${shares}${tax}`;
}

/** A property's upcoming and past rent distributions, and what this investor received from each. */
export function DistributionList({ distributions, received = [] }: { distributions: DistributionView[]; received?: ReceivedView[] }) {
  const upcoming = distributions.filter((d) => d.status === "declared");
  const past = distributions.filter((d) => d.status === "paid");
  const receivedBy = new Map(received.map((r) => [r.distributionId, r]));
  return (
    <section aria-labelledby="distributions-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="distributions-heading" className="text-lg font-semibold text-ink">
        Rent distributions
      </h2>
      <p className="text-xs text-slate-600">
        Paid on the payment date to everyone holding shares at the end of the record date (India time), rounded down to the paisa per share.
      </p>
      <h3 className="text-sm font-semibold">Upcoming</h3>
      {upcoming.length === 0 ? (
        <p className="text-sm text-slate-600">No distribution is declared.</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Upcoming distributions">
          {upcoming.map((d) => (
            <li key={d.id}>
              {formatRupees(d.amount)} {d.basis === "per_share" ? "a share" : "in total"}: record date {d.recordDate}, paid on{" "}
              {d.paymentDate}
              {d.note ? ` (${d.note})` : ""}
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-sm font-semibold">Past</h3>
      {past.length === 0 ? (
        <p className="text-sm text-slate-600">No distribution has been paid yet.</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Past distributions">
          {past.map((d) => {
            const mine = receivedBy.get(d.id);
            return (
              <li key={d.id}>
                {d.perShareAmount === null
                  ? `Paid ${d.paymentDate}: ${formatRupees(d.paidAmount ?? d.amount)} in total${d.note ? ` (${d.note})` : ""}`
                  : `Paid ${d.paymentDate}: ${formatRupees(d.perShareAmount)} a share (record date ${d.recordDate})`}
                {mine ? receivedText(mine) : ""}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
