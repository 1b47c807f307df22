import type { SubmissionResult } from "@conform-to/react";

/** A conform reply as an action hands it to its page (null when the page moves on instead). */
export type LastResult = SubmissionResult<string[]> | null | undefined;

/** The messages a reply holds for one field; conform keeps the form's own under "". */
export function errorsOf(result: LastResult, name: string): string[] | undefined {
  return result?.error?.[name] ?? undefined;
}

/**
 * The form's own messages, with those of the hidden fields (ids, intent) that have no place of
 * their own on the page: a refusal of one of them reads as a refusal of the whole form.
 */
export function formErrorsOf(result: LastResult, ...hiddenFields: string[]): string[] {
  return ["", ...hiddenFields].flatMap((name) => errorsOf(result, name) ?? []);
}

/** Every message of a reply, the form's first: for a page that shows a refusal in one place. */
export function allErrorsOf(result: LastResult): string[] {
  const error = result?.error ?? {};
  return [...(error[""] ?? []), ...Object.entries(error).flatMap(([name, messages]) => (name === "" ? [] : (messages ?? [])))];
}

/** What a field held when the form was refused, so the page can show it again. */
export function submittedValue(result: LastResult, name: string): string | undefined {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The one alert at the top of a form whose fields show their messages quietly: the form's own
 * messages, or, for a refusal that only names a field (a domain error), that field's message.
 */
export function summaryOf(result: LastResult, ...hiddenFields: string[]): string[] {
  const own = formErrorsOf(result, ...hiddenFields);
  return own.length > 0 ? own : allErrorsOf(result);
}
