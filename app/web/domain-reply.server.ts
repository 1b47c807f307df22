import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ToastInput } from "~/lib/toast";
import { isDomainError, type DomainError } from "~/domain/errors";
import { redirectWithToast } from "~/web/flash.server";

/** Where an outcome sends the user instead of showing an error on the form, and what they are told. */
export type DomainErrorFollowUp = { to: string; toast: ToastInput };

/**
 * A follow-up as a route's map gives it. The error's own message fills what the toast leaves
 * out: its title when the map gives none, else its description (unless `withMessage` is false,
 * for a toast whose title already says it all).
 */
export type DomainErrorRedirect = {
  to: string;
  toast: Omit<ToastInput, "title"> & { title?: string };
  withMessage?: boolean;
};

export type DomainErrorRoutes = {
  /** The route's small map: codes answered by going elsewhere with a toast. */
  redirects?: Partial<Record<string, DomainErrorRedirect>>;
  /** Every other code: go there with the toast too (a form with no place to show an error). */
  otherwise?: DomainErrorRedirect;
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

function followUpFor(error: DomainError, mapped: DomainErrorRedirect): DomainErrorFollowUp {
  const { title, description, ...rest } = mapped.toast;
  if (title === undefined) return { to: mapped.to, toast: { ...rest, title: error.message, ...(description ? { description } : {}) } };
  const withMessage = description ?? (mapped.withMessage === false ? undefined : error.message);
  return { to: mapped.to, toast: { ...rest, title, ...(withMessage === undefined ? {} : { description: withMessage }) } };
}

/** A plain-text answer with the error's status and message, for resource routes and refused commands. */
function plainText(error: DomainError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

type ConformOptions<Extra> = DomainErrorRoutes & { extra?: Extra; asText?: undefined };
type TextOptions = { asText: true };

/**
 * Turns a domain error into a route's answer:
 * - a code in `redirects` (or any code, with `otherwise`) goes there with its toast (or, with
 *   `followUpInPage`, the follow-up is returned for the page to show and navigate to);
 * - with `asText`, any domain error is a plain-text response with its status and message;
 * - otherwise a conform reply: a field error (when the error names a field) or a form error,
 *   with `extra` merged into the action data and the error's status.
 * Anything that is not a domain error is rethrown for the error boundary.
 */
export async function replyToDomainError(error: unknown, submission: null, routes: TextOptions): Promise<Response>;
export async function replyToDomainError<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  submission: Replyable | null,
  routes?: ConformOptions<Extra>,
): Promise<Response | ReturnType<typeof data<Extra & DomainErrorReply>>>;
export async function replyToDomainError(
  error: unknown,
  submission: Replyable | null,
  routes: (DomainErrorRoutes & { extra?: Record<string, unknown> }) | TextOptions = {},
) {
  if (!isDomainError(error)) throw error;
  if ("asText" in routes && routes.asText) return plainText(error);
  const options = routes as DomainErrorRoutes & { extra?: Record<string, unknown> };
  const mapped = options.redirects?.[error.code] ?? options.otherwise;
  const followUp = mapped ? followUpFor(error, mapped) : null;
  if (followUp && !options.followUpInPage) return redirectWithToast(followUp.to, followUp.toast);
  const reply: DomainErrorReply = { result: followUp ? null : resultFor(error, submission), followUp };
  return data({ ...options.extra, ...reply }, { status: error.status });
}
