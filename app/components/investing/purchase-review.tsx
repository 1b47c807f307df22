import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { EnhancedField, markEnhanced } from "~/components/ui/enhanced-field";
import { formatINR } from "~/lib/money";
import { formatCount } from "~/lib/formats";
import type { PurchaseReviewData } from "~/domain/investing/purchase-review.server";

export const RISK_STATEMENT =
  "Property investments can lose value. Rent can stop, and there is no guarantee that you can sell your shares when you want to or at the price you paid. Aangan is not a SEBI-registered SM REIT.";

export const ACKNOWLEDGEMENT_LABEL = "I have read the risk disclosure and understand that I may lose money";

/**
 * The step between Invest Now and the purchase: the exact amounts the server computed for
 * this quantity, the risks, and a required acknowledgement. Only Confirm spends.
 */
export function PurchaseReview({
  propertyId,
  review,
  error,
  riskHref,
}: {
  propertyId: string;
  review: PurchaseReviewData;
  error: string | null;
  riskHref: string;
}) {
  const rows: [string, string, string][] = [
    ["Property", review.propertyTitle, "review-property"],
    ["Shares", formatCount(review.shares), "review-shares"],
    ["Price per share", formatINR(review.sharePrice), "review-price"],
    ["Subtotal", formatINR(review.subtotal), "review-subtotal"],
    ["Platform fee (2%, GST included)", formatINR(review.fee), "review-fee"],
    ["Total debited from your wallet", formatINR(review.total), "review-total"],
    ["Wallet after this purchase", formatINR(review.walletAfter), "review-wallet-after"],
  ];
  return (
    <section aria-labelledby="review-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="review-heading" className="text-lg font-semibold" tabIndex={-1}>
        Review your investment
      </h2>
      <dl className="mt-3 divide-y divide-brand-100 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <dt className="text-slate-700">{label}</dt>
            <dd data-testid={testId} className="text-right font-semibold">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700" data-testid="review-resale">
        {review.resale}
      </p>
      <p className="mt-3 rounded-lg bg-white p-3 text-sm text-slate-700">
        {RISK_STATEMENT}{" "}
        <Link to={riskHref} className="font-semibold text-brand-700 underline">
          Read the risk disclosure
        </Link>
      </p>
      <Form method="post" className="mt-3 space-y-3" onSubmit={markEnhanced}>
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="shares" value={String(review.shares)} />
        {/* What the button says it charges: the server buys only if the purchase costs exactly this. */}
        <input type="hidden" name="reviewedTotal" value={review.total} />
        <input type="hidden" name="idempotencyKey" value={review.idempotencyKey} />
        <EnhancedField />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="acknowledgeRisk"
            value="on"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "acknowledge-error" : undefined}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400"
          />
          <span>{ACKNOWLEDGEMENT_LABEL}</span>
        </label>
        {error ? (
          <p id="acknowledge-error" role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton intent="purchase" pendingText="Processing..." size="lg" className="flex-1">
            {`Confirm and pay ${formatINR(review.total)}`}
          </SubmitButton>
          <SubmitButton intent="calculate" formNoValidate variant="secondary" size="lg">
            Change
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
