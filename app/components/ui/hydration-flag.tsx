import { useEffect } from "react";

/** Marks <html data-hydrated> once React has taken over, for styles and tests that need to know. */
export function HydrationFlag() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
