import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast/toast-provider";
import { buttonClasses } from "~/components/ui/button-styles";
import { Field, SelectField } from "~/components/ui/field";
import { FormErrors } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  DEPOSIT_PROCESSING_FEE,
  KYC_REQUIRED_FOR_FUNDS,
  PRIORITY_LABELS,
  PRIORITY_TURNAROUND,
  TICKET_PRIORITIES,
  parsePriority,
} from "~/domain/wallet/fund-request-rules";
import { formatINR } from "~/lib/money";
import { isConnectionFailure, NOT_SENT_NOTICE, type NotSent } from "~/lib/not-sent";
import type { ToastInput } from "~/lib/toast";
import type { FundRequestKind } from "./wallet-model";

export type FundRequestReply = {
  intent: string;
  values: { amount: string; description: string; priority: string };
  fieldErrors: { amount?: string };
  formError: string | null;
  followUp: { to: string; toast: ToastInput } | null;
};

/**
 * The wallet routes' client action (with JavaScript every fund request goes through it): a
 * request the connection dropped keeps the dialog open with what was typed and the app's
 * notice, instead of an error page.
 */
export async function sendUnlessDropped<T>(request: Request, send: () => Promise<T>): Promise<T | (FundRequestReply & NotSent)> {
  const form = await request.clone().formData();
  try {
    return await send();
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    return notSentReply(form);
  }
}

/** The dialog's reply when the request never reached the server: what was typed, and the app's notice. */
function notSentReply(form: FormData): FundRequestReply & NotSent {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    intent: text("intent"),
    values: { amount: text("amount"), description: text("description"), priority: text("priority") || "medium" },
    fieldErrors: {},
    formError: `${NOT_SENT_NOTICE.title} - ${NOT_SENT_NOTICE.description}`,
    followUp: null,
    notSent: true,
  };
}

const TITLES: Record<FundRequestKind, string> = { "add-funds": "Add Funds", withdraw: "Withdraw Funds" };
const KYC_FOLLOW_UP_MS = 1_000;

/**
 * The Add Funds / Withdraw dialog: a plain POST form opened by ?request=…, so it works
 * without JavaScript; the server checks everything again. Without approved KYC it shows
 * the spec's notice instead (the server refuses the same way, and sends to /kyc).
 */
export function FundRequestDialog({
  kind,
  available,
  kycApproved,
  closeHref,
  reply,
}: {
  kind: FundRequestKind;
  available: string;
  kycApproved: boolean;
  closeHref: string;
  reply: FundRequestReply | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const toast = useToast();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const values = reply?.intent === kind ? reply.values : { amount: "", description: "", priority: "medium" };
  const [amount, setAmount] = useState(values.amount);
  const [priority, setPriority] = useState(parsePriority(values.priority));
  const followUp = reply?.followUp ?? null;

  useEffect(() => closeRef.current?.focus(), []);
  // The spec: without approved KYC, the notice and then /kyc after a second.
  useEffect(() => {
    if (kycApproved) return;
    toast.show({ kind: "error", ...KYC_REQUIRED_FOR_FUNDS });
    const timer = window.setTimeout(() => navigate("/kyc"), KYC_FOLLOW_UP_MS);
    return () => window.clearTimeout(timer);
  }, [kycApproved, toast, navigate]);
  useEffect(() => {
    if (!followUp) return;
    toast.show(followUp.toast);
    const timer = window.setTimeout(() => navigate(followUp.to), KYC_FOLLOW_UP_MS);
    return () => window.clearTimeout(timer);
  }, [followUp, toast, navigate]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="fund-request-title"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id="fund-request-title" className="text-lg font-semibold text-ink">
          {TITLES[kind]}
        </h2>
        {kycApproved ? (
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value={kind} />
            <input type="hidden" name="enhanced" value={hydrated ? "true" : "false"} />
            <FormErrors errors={reply?.intent === kind && reply.formError ? [reply.formError] : undefined} />
            <Field
              label="Amount (₹)"
              errors={reply?.intent === kind && reply.fieldErrors.amount ? [reply.fieldErrors.amount] : undefined}
              help={
                kind === "withdraw"
                  ? `Minimum ₹1,000; available ${formatINR(available, { paise: true })}.`
                  : `Minimum ₹1,000. A ${formatINR(DEPOSIT_PROCESSING_FEE)} processing fee is deducted from the amount received.`
              }
              inputProps={{
                name: "amount",
                inputMode: "decimal",
                autoComplete: "off",
                required: true,
                value: amount,
                // The spec's input rule: digits with at most one decimal point.
                onChange: (event) => {
                  if (/^\d*\.?\d{0,2}$/.test(event.target.value)) setAmount(event.target.value);
                },
              }}
            />
            {kind === "add-funds" ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="processing-fee">
                Processing fee: {formatINR(DEPOSIT_PROCESSING_FEE)}
              </p>
            ) : null}
            <SelectField
              label="Priority"
              help={`Expected turnaround: ${PRIORITY_TURNAROUND[priority]}`}
              selectProps={{ name: "priority", value: priority, onChange: (event) => setPriority(parsePriority(event.target.value)) }}
            >
              {TICKET_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]} ({PRIORITY_TURNAROUND[p]})
                </option>
              ))}
            </SelectField>
            <div>
              <label htmlFor="fund-request-description" className="block text-sm font-medium text-slate-700">
                Description (optional)
              </label>
              <textarea
                id="fund-request-description"
                name="description"
                rows={3}
                maxLength={2000}
                defaultValue={values.description}
                className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <SubmitButton disabled={hydrated && amount.trim() === ""} pendingText="Submitting...">
                Submit Request
              </SubmitButton>
              <Link to={closeHref} ref={closeRef} className={buttonClasses("secondary", "md")}>
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <div className="mt-2">
            <p className="text-sm font-semibold text-ink">{KYC_REQUIRED_FOR_FUNDS.title}</p>
            <p className="mt-1 text-sm text-slate-700">{KYC_REQUIRED_FOR_FUNDS.description}</p>
            <div className="mt-5 flex gap-2">
              <Link to="/kyc" className={buttonClasses("primary", "md")}>
                Complete KYC
              </Link>
              <Link to={closeHref} ref={closeRef} className={buttonClasses("secondary", "md")}>
                Close
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
