/**
 * When a page's scripts may start loading (ADR 0091): after the browser has shown the page's
 * first contentful paint, after every photo the page marked `fetchpriority="high"` (its largest
 * paint) has arrived, and two frames later, so that paint is on screen too. Every page reads and
 * works from its HTML alone (forms post without JavaScript), so what hydrates it waits for what
 * the investor sees instead of sharing the phone's connection and CPU with it.
 *
 * Remix's `<Scripts/>` (patched, `patches/@remix-run+react+*.patch`) renders no module preloads
 * and hands this function the modules to preload and a `start` that imports them; a hidden page
 * paints nothing, so it starts at once, and no page waits more than four seconds. `start` runs
 * exactly once.
 *
 * Written as plain browser JavaScript (no imports, no outer names): its source text is what the
 * page's inline script defines, under the CSP nonce.
 */
export function startScriptsAfterPaint(hrefs: string[], start: () => void): void {
  const PRELOADS_PER_TASK = 3;
  // A photo on a stalled connection, or a browser that never reports the paint, delays the
  // scripts by this much at most.
  const LONGEST_WAIT_MS = 4000;
  let started = false;
  // Chromium spends about a millisecond setting up each module's fetch (5–15 ms at Lighthouse's
  // 4x slowdown on this host), so the preloads go in three at a time, each batch its own short
  // task, rather than as one long task (150–350 ms at 4x for 27) that blocks a phone's tap.
  const preloadFrom = (index: number) => {
    for (const href of hrefs.slice(index, index + PRELOADS_PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    if (index + PRELOADS_PER_TASK < hrefs.length) setTimeout(() => preloadFrom(index + PRELOADS_PER_TASK), 0);
    else start();
  };
  const begin = () => {
    if (started) return;
    started = true;
    preloadFrom(0);
  };
  const afterTwoFrames = () => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(begin, 0)));
  };
  const afterLargestPhotos = () => {
    const waiting = Array.from(document.images).filter((image) => image.getAttribute("fetchpriority") === "high" && !image.complete);
    let left = waiting.length;
    if (left === 0) return afterTwoFrames();
    const arrived = () => {
      if (--left === 0) afterTwoFrames();
    };
    for (const image of waiting) {
      image.addEventListener("load", arrived, { once: true });
      image.addEventListener("error", arrived, { once: true });
    }
  };
  if (document.visibilityState !== "visible") return begin();
  setTimeout(begin, LONGEST_WAIT_MS);
  const paintTimings = typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes ?? []).includes("paint");
  if (!paintTimings) return afterLargestPhotos();
  let painted = false;
  const observer = new PerformanceObserver((list) => {
    if (painted || !list.getEntries().some((entry) => entry.name === "first-contentful-paint")) return;
    painted = true;
    observer.disconnect();
    afterLargestPhotos();
  });
  observer.observe({ type: "paint", buffered: true });
}

/** The inline script that defines the hook the patched `<Scripts/>` calls. */
export const SCRIPTS_AFTER_PAINT = `window.__aanganStart=${startScriptsAfterPaint.toString()};`;
