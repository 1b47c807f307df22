import type { FormEvent } from "react";
import { useHydrated } from "./use-hydrated";

const FIELD = "enhanced";

/**
 * Tells the action whether the page's scripts sent the form ("true": the answer may stay in
 * the page, with its toast) or the browser posted it plainly ("false": redirect with a flash).
 * Pair it with `markEnhanced` as the Form's onSubmit.
 */
export function EnhancedField() {
  return <input type="hidden" name={FIELD} value={useHydrated() ? "true" : "false"} />;
}

/**
 * A Remix Form's onSubmit runs only when its scripts send the form, and runs before the form's
 * data is read. A submit that lands while React is still taking over the page (hydrated, but the
 * render that flips useHydrated not yet done) would otherwise carry the server's "false", and its
 * answer would go by a redirect and a flash cookie that a live reload can read first.
 */
export function markEnhanced(event: FormEvent<HTMLFormElement>) {
  const field = event.currentTarget.elements.namedItem(FIELD);
  if (field instanceof HTMLInputElement) field.value = "true";
}

/** `markEnhanced`, then the form's own onSubmit (Conform's client validation). */
export function markedThen(onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    markEnhanced(event);
    onSubmit(event);
  };
}
