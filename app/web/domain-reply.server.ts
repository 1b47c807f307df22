import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ToastInput } from "~/lib/toast";
import { isDomainError, type DomainError } from "~/domain/errors";
import { redirectWithToast } from "~/web/flash.server";

/**
 * Where an outcome sends the user instead of showing an error on the form, and what they
 * are told; the toast's description defaults to the error's own message.
 */
export type DomainErrorFollowUp = { to: string; toast: ToastInput };

export type DomainErrorRoutes = {
  /** The route's small map: codes answered by going elsewhere with a toast. */
  redirects?: Partial<Record<string, DomainErrorFollowUp>>;
  /**
   * The form was sent by a page that can show the toast itself and follow it after a
   * pause (JavaScript is running): answer a follow-up with data instead of a redirect.
   */
  followUpInPage?: boolean;
};

/** What a page's action data carries after a domain error it did not redirect. */
export type DomainErrorReply = {
  /** The conform reply: the message on the error's field, or on the form (null with a follow-up). */
  result: SubmissionResult<string[]> | null;
  /** Set only with `followUpInPage`: the toast to show, and where to go next. */
  followUp: DomainErrorFollowUp | null;
};

/** Anything with conform's `reply`: a parsed submission. */
type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

function resultFor(error: DomainError, submission: Replyable | null): SubmissionResult<string[]> {
  const messages = [error.message];
  if (submission) {
    return error.field ? submission.reply({ fieldErrors: { [error.field]: messages } }) : submission.reply({ formErrors: messages });
  }
  // Refused before the form was parsed: conform keeps form-level errors under "".
  return { status: "error", error: { [error.field ?? ""]: messages } };
}

/**
 * Turns a domain error into a route's answer, with the error's HTTP status:
 * - a code in `redirects` goes there with its toast (or, with `followUpInPage`, returns
 *   the follow-up for the page to show and navigate to);
 * - any other domain error becomes a field error (when it names a field) or a form error,
 *   with `extra` merged into the action data.
 * Anything that is not a domain error is rethrown for the error boundary.
 */
export async function replyToDomainError<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  submission: Replyable | null,
  routes: DomainErrorRoutes & { extra?: Extra } = {},
) {
  if (!isDomainError(error)) throw error;
  const mapped = routes.redirects?.[error.code];
  const followUp = mapped ? { to: mapped.to, toast: { ...mapped.toast, description: mapped.toast.description ?? error.message } } : null;
  if (followUp && !routes.followUpInPage) return redirectWithToast(followUp.to, followUp.toast);
  const reply: DomainErrorReply = { result: followUp ? null : resultFor(error, submission), followUp };
  return data({ ...(routes.extra as Extra), ...reply }, { status: error.status });
}
