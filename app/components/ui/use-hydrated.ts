import { useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * False during the server render and the first client render, true after hydration. Lets a
 * component render a no-JavaScript fallback first and swap in the scripted version without a
 * hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
