import { useEffect, useLayoutEffect } from "react";

/**
 * useLayoutEffect in the browser (it runs after React commits and before the browser paints);
 * on the server, where neither runs, useEffect, which React does not warn about there.
 */
export const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
