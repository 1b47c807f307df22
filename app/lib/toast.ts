export const TOAST_KINDS = ["success", "error", "info", "warning"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

/** Notices whose display time the spec fixes; name one when the title alone may not say it. */
export const TOAST_TOPICS = [
  "sign-in",
  "sign-up",
  "sign-out",
  "kyc-submitted",
  "kyc-pending",
  "kyc-approved",
  "kyc-rejected",
  "profile-updated",
  "wallet",
  "back-online",
  "investment-success",
] as const;
export type ToastTopic = (typeof TOAST_TOPICS)[number];

export type ToastInput = {
  kind: ToastKind;
  title: string;
  description?: string;
  topic?: ToastTopic;
};

export type Toast = ToastInput & { id: string };

export const MAX_VISIBLE_TOASTS = 3;
export const DEFAULT_TOAST_MS = 5_000;

/** Milliseconds per topic; null means the toast stays until dismissed. */
const TOPIC_DURATIONS: Record<ToastTopic, number | null> = {
  "sign-in": 6_000,
  "sign-up": 6_000,
  "sign-out": 4_000,
  "kyc-submitted": 5_000,
  "kyc-pending": 6_000,
  "kyc-approved": null,
  "kyc-rejected": null,
  "profile-updated": 4_000,
  wallet: 6_000,
  "back-online": 3_000,
  "investment-success": null,
};

// The spec's own titles, so a toast raised with just its title still lasts as long as it should.
const TOPIC_BY_TITLE: Record<string, ToastTopic> = {
  "welcome back": "sign-in",
  "welcome aboard": "sign-up",
  goodbye: "sign-out",
  "kyc submitted": "kyc-submitted",
  "kyc pending": "kyc-pending",
  "kyc approved": "kyc-approved",
  "kyc rejected": "kyc-rejected",
  "profile updated": "profile-updated",
  "deposit successful": "wallet",
  "withdrawal successful": "wallet",
  "back online": "back-online",
  "investment successful": "investment-success",
};

export function topicOf(toast: Pick<ToastInput, "title" | "topic">): ToastTopic | undefined {
  return toast.topic ?? TOPIC_BY_TITLE[toast.title.trim().toLowerCase()];
}

/** How long a toast stays on screen, or null when only the reader may dismiss it. */
export function toastDuration(toast: Pick<ToastInput, "kind" | "title" | "topic">): number | null {
  const topic = topicOf(toast);
  if (topic) return TOPIC_DURATIONS[topic];
  if (toast.kind === "error") return null;
  return DEFAULT_TOAST_MS;
}

/** Newest first; a toast already shown (same id) is not shown twice; the oldest beyond the limit drop off. */
export function addToast(queue: readonly Toast[], toast: Toast): Toast[] {
  const rest = queue.filter((existing) => existing.id !== toast.id);
  return [toast, ...rest].slice(0, MAX_VISIBLE_TOASTS);
}

export function removeToast(queue: readonly Toast[], id: string): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}

export function isAlertToast(toast: Pick<ToastInput, "kind">): boolean {
  return toast.kind === "error";
}

let sequence = 0;
/** Ids only need to be unique within one page's queue. */
export function createToastId(prefix = "t"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}
