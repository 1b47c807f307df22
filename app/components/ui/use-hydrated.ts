import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False during the server render and while hydrating, true afterwards. Lets a component
 * render a no-JavaScript fallback first and swap in the scripted version without a
 * hydration mismatch. React itself tells the two apart: the server snapshot is used for
 * the server render and for hydration, the client snapshot for every render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
