/** The status labels an update puts on a property, in the order the form offers them (ADR 0070). */
export const STATUS_LABEL_OPTIONS = [
  ["performing", "Performing"],
  ["watch", "Watch"],
  ["distribution_paused", "Distribution paused"],
  ["vacant", "Vacant"],
  ["sale_planned", "Sale planned"],
] as const;

export type StatusLabel = (typeof STATUS_LABEL_OPTIONS)[number][0];

export function isStatusLabel(value: string): value is StatusLabel {
  return STATUS_LABEL_OPTIONS.some(([option]) => option === value);
}

export function statusLabelText(label: string): string {
  return STATUS_LABEL_OPTIONS.find(([value]) => value === label)?.[1] ?? label;
}

export const UPDATE_TITLE_MAX = 200;
export const UPDATE_BODY_MAX = 5000;
export const MAX_UPDATE_ATTACHMENTS = 3;
