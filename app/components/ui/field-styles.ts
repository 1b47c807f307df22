/** Shared looks for form controls, next to button-styles.ts. */
export const labelClasses = "block text-sm font-medium text-ink";

export const controlClasses =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600";

export const helpTextClasses = "mt-1 text-xs text-slate-600";

export const fieldErrorClasses = "mt-1 text-sm font-medium text-red-700";

export const formErrorClasses = "rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800";

export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
