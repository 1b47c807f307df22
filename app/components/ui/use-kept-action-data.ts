import { useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * The route's action answer (`useActionData()`), kept while the page stays where that
 * answer put it. A live revalidation re-runs the loaders and the router drops the action's data with it, so a page
 * drawn from that data (the purchase review, its success) vanished whenever anyone else bought
 * the same property. A new submission replaces the answer; a navigation (a new history entry)
 * ends it.
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; data: T } | null>(null);
  if (actionData !== undefined && (kept === null || kept.data !== actionData || kept.key !== key)) {
    setKept({ key, data: actionData });
  }
  if (actionData !== undefined) return actionData;
  return kept !== null && kept.key === key ? kept.data : undefined;
}
