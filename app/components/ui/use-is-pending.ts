import { useFetchers, useFormAction, useNavigation } from "@remix-run/react";

export type FormMethodName = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type IsPendingOptions = {
  /** The action the form submits to; defaults to the current route's own action. */
  formAction?: string;
  /** Defaults to POST; GET forms (filters) say so. */
  formMethod?: FormMethodName;
  /** When given, only a submission whose `intent` field has this value counts. */
  intent?: string;
  /** "submitting" only, "loading" only, or either (the default): a submission stays pending until its page has loaded. */
  state?: "submitting" | "loading" | "non-idle";
};

/** What a navigation or fetcher reports about the form it is submitting, if any. */
export type Submission = {
  state: "idle" | "submitting" | "loading";
  formAction?: string;
  formMethod?: string;
  formData?: FormData;
};

const PLACEHOLDER_ORIGIN = "http://pending.invalid";

// "/welcome?index" and "/welcome/" name the same action as "/welcome".
function actionPathname(action: string): string {
  const pathname = new URL(action, PLACEHOLDER_ORIGIN).pathname;
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True when `submission` is a form submission (not a plain link) that matches every condition given. */
export function isPendingSubmission(
  submission: Submission,
  match: { formAction: string; formMethod: FormMethodName; intent?: string; state: NonNullable<IsPendingOptions["state"]> },
): boolean {
  if (submission.state === "idle") return false;
  if (match.state !== "non-idle" && submission.state !== match.state) return false;
  if (!submission.formAction || !submission.formMethod) return false;
  if (submission.formMethod.toUpperCase() !== match.formMethod) return false;
  if (actionPathname(submission.formAction) !== actionPathname(match.formAction)) return false;
  return match.intent === undefined || submission.formData?.get("intent") === match.intent;
}

/**
 * Whether a matching form submission is in flight, by page navigation or by fetcher.
 * Buttons use it to show their pending state; it needs the Remix router, so call it
 * inside a route's component tree.
 */
export function useIsPending(options: IsPendingOptions = {}): boolean {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const match = {
    formAction: options.formAction ?? routeAction,
    formMethod: options.formMethod ?? "POST",
    intent: options.intent,
    state: options.state ?? "non-idle",
  } as const;
  return isPendingSubmission(navigation, match) || fetchers.some((fetcher) => isPendingSubmission(fetcher, match));
}
