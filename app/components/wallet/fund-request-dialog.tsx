import { type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { useToast } from "~/components/toast/toast-provider";
import { buttonClasses } from "~/components/ui/button-styles";
import { Field, SelectField } from "~/components/ui/field";
import { FormErrors } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { EnhancedField, markEnhanced } from "~/components/ui/enhanced-field";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import {
  checkWithdrawalAmount,
  DEPOSIT_PROCESSING_FEE,
  DEFAULT_FUND_LIMITS,
  type FundLimits,
  KYC_REQUIRED_FOR_FUNDS,
  PRIORITY_LABELS,
  PRIORITY_TURNAROUND,
  TICKET_PRIORITIES,
  parseFundAmount,
  parsePriority,
} from "~/domain/wallet/fund-request-rules";
import { formatINR } from "~/lib/money";
import { isConnectionFailure, NOT_SENT_NOTICE, type NotSent } from "~/lib/not-sent";
import type { ToastInput } from "~/lib/toast";
import type { FundRequestKind } from "./wallet-model";
import { focusOnOpen } from "~/components/ui/focus-on-open";

/** A fund request's answer: which dialog, conform's reply (what was typed, the messages), and any follow-up. */
export type FundRequestReply = {
  intent: string;
  result: SubmissionResult<string[]> | null;
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

/** What a fund request form carries, as typed (the server checks it). */
const typedFundRequest = z.object({
  intent: z.string().default(""),
  amount: z.string().default(""),
  description: z.string().default(""),
  priority: z
    .string()
    .optional()
    .transform((value) => value || "medium"),
});

/** The dialog's reply when the request never reached the server: what was typed, and the app's notice. */
function notSentReply(form: FormData): FundRequestReply & NotSent {
  // Plain zod over the typed strings: pulling conform's parser into the wallet for this would
  // split it into a chunk the invest page then loads beside its own (page-speed budget, ADR 0042).
  const typed = typedFundRequest.safeParse(Object.fromEntries(form)).data ?? typedFundRequest.parse({});
  const { intent, ...initialValue } = typed;
  return {
    intent,
    result: { status: "error", initialValue, error: { "": [`${NOT_SENT_NOTICE.title} - ${NOT_SENT_NOTICE.description}`] } },
    followUp: null,
    notSent: true,
  };
}

const EMPTY_VALUES = { amount: "", description: "", priority: "medium" };

/** What the dialog shows as typed: the reply's values, for this dialog only. */
function typedValues(reply: FundRequestReply | null, kind: FundRequestKind) {
  if (reply?.intent !== kind) return EMPTY_VALUES;
  const typed = (reply.result?.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: keyof typeof EMPTY_VALUES) => (typeof typed[name] === "string" ? typed[name] : EMPTY_VALUES[name]);
  return { amount: text("amount"), description: text("description"), priority: text("priority") };
}

/** Where a withdrawal is paid, as the wallet's loader found it (ADR 0064). */
export type WithdrawDestination = { bankName: string; maskedNumber: string; automatic: boolean };

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
  limits = DEFAULT_FUND_LIMITS,
  payOnlineHref,
  withdrawTo = null,
}: {
  kind: FundRequestKind;
  /** The bank account a withdrawal goes to; null when none was checked (the KYC's account, by hand). */
  withdrawTo?: WithdrawDestination | null;
  /** Where to pay through the gateway instead of a bank transfer, when it is on. */
  payOnlineHref?: string;
  available: string;
  /** The per-request and per-day limits of this kind of request (the server decides again). */
  limits?: FundLimits;
  kycApproved: boolean;
  closeHref: string;
  reply: FundRequestReply | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const toast = useToast();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const values = typedValues(reply, kind);
  const replyErrors = reply?.intent === kind ? (reply.result?.error ?? {}) : {};
  const [amount, setAmount] = useState(values.amount);
  const [priority, setPriority] = useState(parsePriority(values.priority));
  const followUp = reply?.followUp ?? null;
  // What was typed stays as typed; the shared parser says what is wrong with it, as the server would.
  const [edited, setEdited] = useState(false);
  const amountRef = useTypedBeforeHydration<HTMLInputElement>(amount, (typed) => {
    setAmount(typed);
    setEdited(true);
  });
  const typed =
    amount.trim() === "" ? null : kind === "withdraw" ? checkWithdrawalAmount(amount, available, limits) : parseFundAmount(amount, limits);
  const clientError = hydrated && edited && typed && !typed.ok ? typed.message : undefined;
  // The server's word on the amount it was sent (a day's limit, say) stands until the amount changes.
  const serverError = values.amount === amount ? replyErrors.amount?.[0] : undefined;
  const amountError = clientError ?? serverError;

  useEffect(() => focusOnOpen(dialogRef.current, closeRef.current), []);
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
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="fund-request-title"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id="fund-request-title" className="text-lg font-semibold text-ink">
          {TITLES[kind]}
        </h2>
        {kycApproved ? (
          <Form method="post" className="mt-4 space-y-4" noValidate onSubmit={markEnhanced}>
            <input type="hidden" name="intent" value={kind} />
            <EnhancedField />
            <FormErrors errors={replyErrors[""] ?? undefined} />
            <Field
              label="Amount (₹)"
              errors={amountError ? [amountError] : undefined}
              help={
                kind === "withdraw"
                  ? `Minimum ₹1,000, maximum ${formatINR(limits.perRequest)} a request; available ${formatINR(available, { paise: true })}.`
                  : `Minimum ₹1,000, maximum ${formatINR(limits.perRequest)} a request. A ${formatINR(DEPOSIT_PROCESSING_FEE)} processing fee is deducted from the amount received.`
              }
              inputProps={{
                ref: amountRef,
                name: "amount",
                inputMode: "decimal",
                autoComplete: "off",
                required: true,
                value: amount,
                // Kept exactly as typed ("1e5" stays "1e5" and is refused), never filtered key by key.
                onChange: (event) => {
                  setAmount(event.target.value);
                  setEdited(true);
                },
              }}
            />
            {kind === "add-funds" ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="processing-fee">
                Processing fee: {formatINR(DEPOSIT_PROCESSING_FEE)}
              </p>
            ) : null}
            {kind === "withdraw" ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm break-words text-slate-700" data-testid="withdraw-destination">
                {withdrawTo?.automatic
                  ? `Paid to ${withdrawTo.bankName} ${withdrawTo.maskedNumber} (verified) by IMPS, usually within minutes of our approval.`
                  : withdrawTo
                    ? `Paid by our team to ${withdrawTo.bankName} ${withdrawTo.maskedNumber} within the turnaround below.`
                    : "Paid by our team to the bank account in your KYC, within the turnaround below."}
              </p>
            ) : null}
            {payOnlineHref ? (
              <p className="text-sm text-slate-700">
                Faster:{" "}
                <Link to={payOnlineHref} className="font-medium text-brand-700 underline">
                  pay now by UPI or net banking
                </Link>
                , credited in seconds.
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
