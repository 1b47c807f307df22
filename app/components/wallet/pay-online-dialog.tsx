import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import {
  DEFAULT_FUND_LIMITS,
  DEPOSIT_PROCESSING_FEE,
  depositCredit,
  parseFundAmount,
  type FundLimits,
} from "~/domain/wallet/fund-request-rules";
import { formatINR } from "~/lib/money";
import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import type { FundRequestReply } from "./fund-request-dialog";
import { focusOnOpen } from "~/components/ui/focus-on-open";

/**
 * Pay into the wallet through the payment gateway (UPI or net banking): a plain POST form,
 * so it works without JavaScript. The server records the payment and sends the investor to
 * its page, where the gateway's checkout takes over; the wallet is credited once the gateway
 * confirms the payment (ADR 0061).
 */
export function PayOnlineDialog({
  payKey,
  closeHref,
  reply,
  limits = DEFAULT_FUND_LIMITS,
}: {
  payKey: string;
  closeHref: string;
  /** The server's refusal of this form: conform's reply, as every fund request form gets. */
  reply: FundRequestReply | null;
  limits?: FundLimits;
}) {
  const hydrated = useHydrated();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const typedBefore = (reply?.result?.initialValue as { amount?: unknown } | undefined)?.amount;
  const sentAmount = typeof typedBefore === "string" ? typedBefore : "";
  const [amount, setAmount] = useState(sentAmount);
  const [edited, setEdited] = useState(false);
  const amountRef = useTypedBeforeHydration<HTMLInputElement>(amount, (typed) => {
    setAmount(typed);
    setEdited(true);
  });
  useEffect(() => focusOnOpen(dialogRef.current, closeRef.current), []);
  const typed = amount.trim() === "" ? null : parseFundAmount(amount, limits);
  const clientError = hydrated && edited && typed && !typed.ok ? typed.message : undefined;
  const replyErrors = reply?.result?.error ?? {};
  const serverError = reply && sentAmount === amount ? (replyErrors.amount?.[0] ?? replyErrors[""]?.[0]) : undefined;
  const error = clientError ?? serverError;
  const net = typed?.ok ? depositCredit(typed.amount) : null;

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/50 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="pay-online-title"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id="pay-online-title" className="text-lg font-semibold text-ink">
          Pay by UPI or Net Banking
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your wallet is credited as soon as your bank confirms the payment, usually within seconds.
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value={PAY_ONLINE} />
          <input type="hidden" name="idempotencyKey" value={payKey} />
          <Field
            label="Amount to pay (₹)"
            errors={error ? [error] : undefined}
            help={`Minimum ₹1,000, maximum ${formatINR(limits.perRequest)} a payment. A ${formatINR(DEPOSIT_PROCESSING_FEE)} processing fee is deducted from the amount received.`}
            inputProps={{
              ref: amountRef,
              name: "amount",
              inputMode: "decimal",
              autoComplete: "off",
              required: true,
              value: amount,
              onChange: (event) => {
                setAmount(event.target.value);
                setEdited(true);
              },
            }}
          />
          {net ? (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="pay-online-net">
              {formatINR(net, { paise: true })} will be added to your wallet.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <SubmitButton disabled={hydrated && amount.trim() === ""} pendingText="Creating payment...">
              Continue to Payment
            </SubmitButton>
            <Link to={closeHref} ref={closeRef} className={buttonClasses("secondary", "md")}>
              Cancel
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
