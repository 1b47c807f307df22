import { describe, expect, it } from "vitest";
import { isPendingSubmission, type Submission } from "./use-is-pending";

function formData(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

const upgrade = { formAction: "/welcome", formMethod: "POST", intent: "request-upgrade", state: "non-idle" } as const;

describe("isPendingSubmission", () => {
  it("matches a submission to the same action, method and intent while it is in flight", () => {
    const submitting: Submission = {
      state: "submitting",
      formAction: "/welcome",
      formMethod: "POST",
      formData: formData({ intent: "request-upgrade" }),
    };
    expect(isPendingSubmission(submitting, upgrade)).toBe(true);
    // The page load after the action's redirect still counts, so the button cannot be pressed again.
    expect(isPendingSubmission({ ...submitting, state: "loading" }, upgrade)).toBe(true);
    expect(isPendingSubmission({ ...submitting, state: "loading" }, { ...upgrade, state: "submitting" })).toBe(false);
    expect(isPendingSubmission({ ...submitting, state: "idle" }, upgrade)).toBe(false);
  });

  it("ignores other forms, other intents, other methods and plain link navigation", () => {
    const base: Submission = {
      state: "submitting",
      formAction: "/welcome",
      formMethod: "POST",
      formData: formData({ intent: "request-upgrade" }),
    };
    expect(isPendingSubmission({ ...base, formAction: "/auth/sign-out" }, upgrade)).toBe(false);
    expect(isPendingSubmission({ ...base, formData: formData({ intent: "calculate" }) }, upgrade)).toBe(false);
    expect(isPendingSubmission({ ...base, formMethod: "GET" }, upgrade)).toBe(false);
    expect(isPendingSubmission({ state: "loading" }, { ...upgrade, intent: undefined })).toBe(false);
  });

  it("treats index, trailing-slash and query variants of an action as the same, and methods in any case", () => {
    const match = { formAction: "/properties", formMethod: "GET", state: "non-idle" } as const;
    expect(isPendingSubmission({ state: "loading", formAction: "/properties?index", formMethod: "get" }, match)).toBe(true);
    expect(isPendingSubmission({ state: "loading", formAction: "/properties/", formMethod: "GET" }, match)).toBe(true);
    expect(isPendingSubmission({ state: "loading", formAction: "/properties/x", formMethod: "GET" }, match)).toBe(false);
  });

  it("without an intent to wait for, any submission to the action counts", () => {
    const signIn = { formAction: "/auth/google", formMethod: "POST", state: "non-idle" } as const;
    expect(
      isPendingSubmission(
        { state: "submitting", formAction: "/auth/google", formMethod: "POST", formData: formData({ redirectTo: "/kyc" }) },
        signIn,
      ),
    ).toBe(true);
  });
});
