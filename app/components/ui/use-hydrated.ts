import { useState, useSyncExternalStore, type ReactNode } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False during the server render and while hydrating, true afterwards. Lets a component
 * render a no-JavaScript fallback first and swap in the scripted version without a
 * hydration mismatch. React itself tells the two apart: the server snapshot is used for
 * the server render and for hydration, the client snapshot for every render after.
 *
 * The switch is a synchronous render of the component that asks, and of everything it draws,
 * in the task that ends hydration: a form that asks re-renders whole, all at once. Where only a
 * few elements differ, WithScripts / WithoutScripts re-render those alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Its children only once the page's scripts have taken over; nothing in the HTML. */
export function WithScripts({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/** Its children only in the server's HTML, until the page's scripts take over (a no-JavaScript control). */
export function WithoutScripts({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children;
}

// Set by HydrationFlag's effect, which runs once the first hydration has committed.
const pageHydrated = () => typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";

/**
 * Whether this component was first drawn in the browser (by a navigation after the page
 * hydrated) rather than hydrated from the server's HTML. Fixed at its first render and
 * subscribed to nothing, so unlike useHydrated it never re-renders the component.
 */
export function useDrawnInTheBrowser(): boolean {
  const [drawnInTheBrowser] = useState(pageHydrated);
  return drawnInTheBrowser;
}
