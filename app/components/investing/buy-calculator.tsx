import { getFormProps, getInputProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { FormErrors } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { EnhancedField, markedThen } from "~/components/ui/enhanced-field";
import { WithoutScripts } from "~/components/ui/use-hydrated";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import { investBlocker } from "~/lib/investing/buy-box-state";
import { isInvestButtonDisabled } from "~/lib/investing/invest-button";
import { calculatePurchaseBreakdown } from "~/lib/investing/purchase-breakdown";
import { checkPurchaseForm } from "~/lib/investing/purchase-form-check";
import { isWholeShareCount, parseShareInput } from "~/lib/investing/share-input";
import type { PurchaseRules } from "~/lib/investing/validate-purchase";
import { formatINR } from "~/lib/money";
import { formatCount } from "~/lib/formats";

export type BuyCalculatorRules = {
  sharePrice: string;
  minimumInvestment: string;
  maximumInvestment: string | null;
  availableShares: number;
  walletBalance: string;
};

/**
 * The buy form. The breakdown and the rules run in the browser with the same shared
 * calculator and schema the action uses, so the messages match; without scripts the
 * server renders the breakdown, and 'Update total' recalculates it.
 */
export function BuyCalculator({
  propertyId,
  rules,
  idempotencyKey,
  initialShares,
  lastResult,
  processing,
  eligible = true,
  kycStatus = "approved",
  links,
}: {
  propertyId: string;
  rules: BuyCalculatorRules;
  idempotencyKey: string;
  initialShares: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Kept for callers that already track it; the form also notices its own submission. */
  processing?: boolean;
  /**
   * False when the investor may not invest yet (KYC not approved). Eligibility comes
   * before the amount rules, so the browser then checks only the form's shape and leaves
   * Invest Now enabled: the server answers with 'KYC Required' and where to go next.
   */
  eligible?: boolean;
  kycStatus?: string;
  /** Where the fix for a blocked purchase lives. */
  links: { kyc: string; wallet: string };
}) {
  const [sharesText, setSharesText] = useState(initialShares);
  const sharesRef = useTypedBeforeHydration<HTMLInputElement>(sharesText, setSharesText);
  // The browser checks what the action's schema checks (checkPurchaseForm), without zod's weight on this page.
  const purchaseRules: PurchaseRules | null = eligible ? rules : null;
  const [form, fields] = useForm({
    id: "buy-shares",
    lastResult,
    defaultValue: { shares: initialShares },
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parse(formData, { resolve: (payload) => checkPurchaseForm(payload, purchaseRules) }),
  });

  const shares = parseShareInput(sharesText);
  const breakdown = calculatePurchaseBreakdown({ shares, sharePrice: rules.sharePrice, walletBalance: rules.walletBalance });
  // A quantity that cannot be bought shows no totals rather than absurd ones.
  const sensible = isWholeShareCount(shares);
  const shown = (value: Parameters<typeof formatINR>[0]) => (sensible ? formatINR(value) : "–");
  const blocker = investBlocker(
    { eligible, kycStatus },
    { total: sensible ? breakdown.total : null, walletBalance: rules.walletBalance },
    links,
  );
  const disabled =
    eligible &&
    isInvestButtonDisabled({
      processing: Boolean(processing),
      total: breakdown.total,
      remainingBalance: breakdown.remainingBalance,
    });
  // The hidden fields have no place of their own to show a refusal, so it joins the form's.
  const formErrors = [...(form.errors ?? []), ...(fields.idempotencyKey.errors ?? []), ...(fields.propertyId.errors ?? [])];
  const formProps = getFormProps(form);

  return (
    <section aria-labelledby="buy-shares-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="buy-shares-heading" className="text-lg font-semibold">
        Buy shares
      </h2>
      <Form method="post" {...formProps} onSubmit={markedThen(formProps.onSubmit)} noValidate className="mt-3 space-y-4">
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Tells the action that this page can show the success notice itself. */}
        <EnhancedField />
        <Field
          label="Number of shares"
          inputProps={{
            ...getInputProps(fields.shares, { type: "text" }),
            ref: sharesRef,
            inputMode: "numeric",
            autoComplete: "off",
            onChange: (event) => setSharesText(event.currentTarget.value),
          }}
          help={`${formatINR(rules.sharePrice)} per share · ${formatCount(rules.availableShares)} available`}
          errors={fields.shares.errors}
          errorId={fields.shares.errorId}
          helpId={fields.shares.descriptionId}
        />

        <dl className="space-y-1 text-sm" aria-live="polite" aria-label="Purchase breakdown">
          <Line label="Subtotal" value={shown(breakdown.subtotal)} testId="subtotal" />
          <Line label="Platform fee (2%)" value={shown(breakdown.fee)} testId="fee" />
          <Line label="Total" value={shown(breakdown.total)} testId="total" strong />
          <Line label="Remaining balance" value={shown(breakdown.remainingBalance)} testId="remaining-balance" />
        </dl>

        <FormErrors id={form.errorId} errors={formErrors} />

        <div className="flex flex-wrap gap-2">
          {/* Busy from the click until the next page has loaded, so it cannot be sent twice. */}
          {/* Invest Now opens the review; only the review's Confirm spends. It keeps its own
              width: grown into Update total's place when the scripts took over, it caught a
              press aimed at Update total. */}
          <SubmitButton
            intent="review"
            pending={processing}
            pendingText="Processing..."
            disabled={disabled}
            size="lg"
            aria-describedby={blocker ? "invest-blocker" : undefined}
          >
            Invest Now
          </SubmitButton>
          <WithoutScripts>
            <SubmitButton intent="calculate" formNoValidate variant="secondary" size="lg">
              Update total
            </SubmitButton>
          </WithoutScripts>
        </div>
        {blocker ? (
          <p id="invest-blocker" className="text-sm text-slate-700">
            {blocker.reason}{" "}
            <Link to={blocker.fix.to} className="font-semibold text-brand-700 underline">
              {blocker.fix.label}
            </Link>
          </p>
        ) : null}
      </Form>
    </section>
  );
}

function Line({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? "border-t border-brand-100 pt-1 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
