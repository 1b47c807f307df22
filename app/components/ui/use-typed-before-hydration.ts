import { useRef } from "react";
import { useClientLayoutEffect } from "~/components/ui/use-client-layout-effect";

/**
 * A control the server drew can be typed into (or chosen from) before the page's scripts run (a phone on a
 * slow network). Hydration leaves what was typed in the DOM, but React's state still holds
 * the server's value, so the next render of a controlled input writes that back over it and a
 * preview computed from the state (a net credit, a total) describes a different amount.
 * Attach the returned ref to the control; at mount, before any such render, the typed value
 * is handed to `adopt` when it differs from `current`.
 */
export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  current: string,
  adopt: (typed: string) => void,
) {
  const ref = useRef<E>(null);
  const atMount = useRef({ current, adopt });
  useClientLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== atMount.current.current) atMount.current.adopt(typed);
  }, []);
  return ref;
}
