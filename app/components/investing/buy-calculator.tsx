import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { useHydrated } from "~/components/ui/use-hydrated";
import { isInvestButtonDisabled } from "~/lib/investing/invest-button";
import { calculatePurchaseBreakdown } from "~/lib/investing/purchase-breakdown";
import { purchaseFormSchemaWithRules } from "~/lib/investing/purchase-form-schema";
import { parseShareInput } from "~/lib/investing/share-input";
import type { PurchaseRules } from "~/lib/investing/validate-purchase";
import { formatINR } from "~/lib/money";

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
}: {
  propertyId: string;
  rules: BuyCalculatorRules;
  idempotencyKey: string;
  initialShares: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  processing: boolean;
}) {
  const hydrated = useHydrated();
  const [sharesText, setSharesText] = useState(initialShares);
  const schema = useMemo(() => purchaseFormSchemaWithRules(rules satisfies PurchaseRules), [rules]);
  const [form, fields] = useForm({
    id: "buy-shares",
    lastResult,
    defaultValue: { shares: initialShares },
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const breakdown = calculatePurchaseBreakdown({
    shares: parseShareInput(sharesText),
    sharePrice: rules.sharePrice,
    walletBalance: rules.walletBalance,
  });
  const disabled = isInvestButtonDisabled({ processing, total: breakdown.total, remainingBalance: breakdown.remainingBalance });
  const sharesError = fields.shares.errors?.[0];
  const formError = form.errors?.[0] ?? fields.idempotencyKey.errors?.[0] ?? fields.propertyId.errors?.[0];

  return (
    <section aria-labelledby="buy-shares-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="buy-shares-heading" className="text-lg font-semibold">
        Buy shares
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-4">
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Tells the action that this page can show the success notice itself. */}
        {hydrated ? <input type="hidden" name="enhanced" value="true" /> : null}
        <div>
          <label htmlFor={fields.shares.id} className="block text-sm font-medium">
            Number of shares
          </label>
          <input
            {...getInputProps(fields.shares, { type: "text" })}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => setSharesText(event.currentTarget.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600"
          />
          <p className="mt-1 text-xs text-slate-600">
            {formatINR(rules.sharePrice)} per share · {rules.availableShares.toLocaleString("en-IN")} available
          </p>
          {sharesError ? (
            <p id={fields.shares.errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {sharesError}
            </p>
          ) : null}
        </div>

        <dl className="space-y-1 text-sm" aria-live="polite" aria-label="Purchase breakdown">
          <Line label="Subtotal" value={formatINR(breakdown.subtotal)} testId="subtotal" />
          <Line label="Platform fee (2%)" value={formatINR(breakdown.fee)} testId="fee" />
          <Line label="Total" value={formatINR(breakdown.total)} testId="total" strong />
          <Line label="Remaining balance" value={formatINR(breakdown.remainingBalance)} testId="remaining-balance" />
        </dl>

        {formError ? (
          <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {formError}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="purchase" disabled={disabled} className={buttonClasses("primary", "lg", "flex-1")}>
            {processing ? "Processing..." : "Invest Now"}
          </button>
          {hydrated ? null : (
            <button type="submit" name="intent" value="calculate" formNoValidate className={buttonClasses("secondary", "lg")}>
              Update total
            </button>
          )}
        </div>
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
