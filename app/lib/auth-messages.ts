export type Notice = { title: string; description: string };

/** The spec's mapping from a sign-in failure to what the visitor reads, first match wins. */
const FAILURE_MESSAGES: Array<{ match: (failure: string) => boolean; notice: Notice }> = [
  {
    match: (f) => f.includes("Invalid login"),
    notice: { title: "Sign In Failed", description: "Invalid email or password. Please try again." },
  },
  {
    match: (f) => f.includes("Email not confirmed"),
    notice: { title: "Email Verification Required", description: "Please check your email and verify your account." },
  },
  {
    match: (f) => f.includes("User already registered"),
    notice: { title: "Account Exists", description: "An account with this email already exists." },
  },
  {
    match: (f) => f.includes("refresh_token"),
    notice: { title: "Session Expired", description: "Your session has expired. Please sign in again." },
  },
  {
    // undici reports an unreachable host as "fetch failed"; some errors say "Network".
    match: (f) => /network|fetch/i.test(f),
    notice: {
      title: "Connection Error",
      description: "Unable to connect to server. Please check your internet connection.",
    },
  },
];

const FALLBACK: Notice = {
  title: "Authentication Error",
  description: "We could not sign you in. Please try again.",
};

export function authFailureNotice(failure: string | null | undefined): Notice {
  const text = failure ?? "";
  return FAILURE_MESSAGES.find((entry) => entry.match(text))?.notice ?? FALLBACK;
}

export const SIGNED_IN_NOTICES = {
  returning: { title: "Welcome back", description: "You are signed in." },
  firstTime: { title: "Welcome aboard", description: "Your account is ready. Your 14-day free trial has started." },
} satisfies Record<string, Notice>;

export const SIGNED_OUT_NOTICE: Notice = { title: "Goodbye", description: "You have been signed out." };

/** After 'Sign out everywhere': this browser and every other device. */
export const SIGNED_OUT_EVERYWHERE_NOTICE = (others: number): Notice => ({
  title: "Signed out everywhere",
  description:
    others > 0
      ? `You have been signed out here and on ${others} other ${others === 1 ? "device" : "devices"}.`
      : "You have been signed out. No other device was signed in.",
});
