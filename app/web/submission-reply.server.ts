import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { DomainErrorReply } from "~/web/domain-reply.server";

/**
 * The answer to a form its schema refused: conform's reply (the messages and what was typed)
 * with a 400, in the same action-data shape a refused domain command answers with.
 */
export function replyToInvalidSubmission<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: Submission<unknown>,
  extra?: Extra,
) {
  const reply: DomainErrorReply = { result: submission.reply(), followUp: null };
  return data({ ...(extra as Extra), ...reply }, { status: 400 });
}
