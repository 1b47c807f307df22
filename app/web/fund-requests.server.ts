import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { KYC_REQUIRED_FOR_FUNDS, REQUEST_SUBMITTED, type FundLimits } from "~/domain/wallet/fund-request-rules";
import { requestDeposit, requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { readWalletPage } from "~/domain/wallet/wallet-page.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { replyToDomainError, type DomainErrorFollowUp } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { opsRecipients } from "~/web/ops-mail.server";
import { clearDraft, readDraft, requireRecentSignIn } from "~/web/reauth.server";

/** Who hears about requests the team must act on: OPS_EMAIL, else the ADMIN_EMAILS. */
export function escrowAccount() {
  const env = getEnv();
  return { name: env.ESCROW_ACCOUNT_NAME, accountNumber: env.ESCROW_ACCOUNT_NUMBER, ifsc: env.ESCROW_IFSC, upiId: env.ESCROW_UPI_ID };
}
export type EscrowAccount = ReturnType<typeof escrowAccount>;

/** The per-request and per-day limits of each kind of fund request: settings (ADR 0056). */
export function fundLimits(): Record<"add-funds" | "withdraw", FundLimits> {
  const env = getEnv();
  return {
    "add-funds": { perRequest: String(env.DEPOSIT_MAX_PER_REQUEST_INR), perDay: String(env.DEPOSIT_MAX_PER_DAY_INR) },
    withdraw: { perRequest: String(env.WITHDRAWAL_MAX_PER_REQUEST_INR), perDay: String(env.WITHDRAWAL_MAX_PER_DAY_INR) },
  };
}

/** Where Google sends the investor back after confirming a withdrawal: the only place its draft is read. */
const RESUME_PARAM = "resume";

/** Everything either wallet page shows; `?submitted=<id>` shows where to send the money for that (own) request. */
export async function loadWallet(request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const dialog = url.searchParams.get("request");
  const [{ wallet, funds, instructions, payments, bankAccount }, draft] = await Promise.all([
    readWalletPage(getPrisma(), user.id, url.searchParams.get("submitted")),
    // Only on the way back from re-authentication: a withdrawal abandoned there is never typed into again.
    dialog === "withdraw" && url.searchParams.get(RESUME_PARAM) === "1" ? readDraft(user, "withdraw") : Promise.resolve(null),
  ]);
  return {
    wallet,
    funds,
    payments,
    bankAccount,
    kycApproved: user.kycStatus === "approved",
    dialog,
    limits: fundLimits(),
    instructions: instructions ? { ...instructions, escrow: escrowAccount() } : null,
    // What was typed before Google was asked to confirm the investor (re-authentication).
    draft: draft ? draftReply(draft) : null,
  };
}

function draftReply(draft: Record<string, string>): FundRequestActionData {
  const initialValue = { amount: draft.amount ?? "", description: draft.description ?? "", priority: draft.priority ?? "medium" };
  return { intent: "withdraw", result: { initialValue }, followUp: null };
}

/** What a refused fund request answers: which dialog, conform's reply (what was typed, the messages), and any follow-up. */
export type FundRequestActionData = {
  intent: string;
  result: SubmissionResult<string[]> | null;
  followUp: DomainErrorFollowUp | null;
};

const fundRequestFields = {
  // As typed: the domain reads it with the rupee parser and the request's limits (before the KYC check).
  amount: z.string().default(""),
  description: z.string().default(""),
  priority: z.string().default("medium"),
  enhanced: z
    .string()
    .optional()
    .transform((value) => value === "true"),
};
const fundRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-funds"), ...fundRequestFields }),
  z.object({ intent: z.literal("withdraw"), ...fundRequestFields }),
]);

/**
 * The Add Funds and Withdraw forms of both wallet pages. Success and the KYC refusal go
 * elsewhere with a toast; with scripts running the page shows the KYC notice and follows
 * it after a second itself (the spec's delay).
 */
export async function submitFundRequest(request: Request, user: SessionUser, walletPath: string, form?: FormData) {
  const submission = parseWithZod(form ?? (await readFormData(request)), { schema: fundRequestSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return data<FundRequestActionData>(
      { intent: String(submission.payload.intent ?? ""), result: submission.reply({ formErrors: ["Unknown request"] }), followUp: null },
      { status: 400 },
    );
  }
  const { intent, enhanced, ...values } = submission.value;
  const input = { userId: user.id, ...values, opsRecipients: opsRecipients(), limits: fundLimits()[intent] };
  // Money leaving the platform needs a recent sign-in; else Google again, and back to this form filled in.
  if (intent === "withdraw")
    await requireRecentSignIn(request, user, {
      purpose: "withdraw",
      returnTo: `${walletPath}?request=withdraw&${RESUME_PARAM}=1`,
      draft: values,
    });
  try {
    const receipt = intent === "add-funds" ? await requestDeposit(getPrisma(), input) : await requestWithdrawal(getPrisma(), input);
    if (intent === "withdraw") await clearDraft(user, "withdraw");
    const next = receipt.referenceCode ? `${walletPath}?submitted=${receipt.ticketId}` : walletPath;
    return redirectWithToast(next, { kind: "success", ...REQUEST_SUBMITTED, topic: "wallet" });
  } catch (error) {
    return replyToDomainError(error, submission, {
      redirects: { kyc_required: { to: paths.kyc(), toast: { kind: "error", ...KYC_REQUIRED_FOR_FUNDS } } },
      followUpInPage: enhanced,
      extra: { intent },
    });
  }
}
