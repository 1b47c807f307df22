import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/** The app's words for a form that never reached the server (offline, or the connection dropped). */
export const NOT_SENT_NOTICE = {
  title: "Not Sent",
  description:
    "You are offline or the connection dropped, so nothing was sent and nothing changed. What you entered is kept: submit again when you are back online.",
} as const;

/** A client action's reply for a request that never reached the server. */
export type NotSent = { notSent: true };

export function isNotSent(value: unknown): value is NotSent {
  return typeof value === "object" && value !== null && (value as { notSent?: unknown }).notSent === true;
}

/**
 * fetch rejects with a TypeError only when no answer came back (offline, connection reset,
 * DNS); a server's answer, even a 500, is a response and never lands here.
 */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * After a form that was not sent nothing changed, and loaders asked again would fail the
 * same way and replace the page with an error: the routes on the page keep their data.
 */
export function keepDataAfterNotSent({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isNotSent(actionResult) ? false : defaultShouldRevalidate;
}
