// Generates build/client/sw.js with Workbox after every `remix vite:build` (remix.config.js
// calls it from the Remix plugin's buildEnd hook, so `npm run build`, `npm test` and
// `npm start`'s rebuild all produce it). Run on its own after a build:
//   node scripts/build-service-worker.mjs
//
// What the worker may keep is an allow-list: the hashed app shell, the public static files
// and public media. Everything else (every page's HTML, single-fetch `.data` loader data,
// /events, receipts, KYC files, actions) goes to the network and is never stored, because
// any of it can carry a signed-in person's data. See docs/decisions/0018.
import { generateSW } from "workbox-build";

export const SW_FILE = "sw.js";

/** @param {{ clientDir?: string, log?: (line: string) => void }} [options] */
export async function buildServiceWorker({ clientDir = "build/client", log = console.log } = {}) {
  const { count, size, warnings } = await generateSW({
    globDirectory: clientDir,
    swDest: `${clientDir}/${SW_FILE}`,
    globPatterns: [
      "assets/**/*.{js,css,woff2}",
      "offline.html",
      "offline.css",
      "offline.js",
      "favicon.svg",
      "favicon.ico",
      "manifest.webmanifest",
      "icons/*.png",
    ],
    globIgnores: ["**/*.map"],
    // Vite fingerprints /assets, so their URL is their revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    // A new version waits until the reader chooses Reload (the update prompt), so a page
    // never runs against a worker from another build.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    // Clears the runtime caches when someone signs out, and lets the update prompt activate a waiting worker.
    importScripts: ["/sw-session.js"],
    // No navigateFallback: that would answer every navigation from the cache.
    runtimeCaching: [
      {
        // Pages: always the network, never stored. Offline, the precached offline page instead.
        urlPattern: ({ request }) => request.mode === "navigate",
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "/offline.html" } },
      },
      {
        // Hashed build output the precache did not list (e.g. a chunk from a newer build).
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
        handler: "CacheFirst",
        options: {
          cacheName: "aangan-assets",
          expiration: { maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Public property photos and the app icons.
        urlPattern: ({ url, sameOrigin, request }) =>
          sameOrigin && request.destination === "image" && (url.pathname.startsWith("/media/") || url.pathname.startsWith("/icons/")),
        handler: "CacheFirst",
        options: {
          cacheName: "aangan-media",
          expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  });
  for (const warning of warnings) log(`service worker: ${warning}`);
  log(`service worker: ${clientDir}/${SW_FILE}, precaching ${count} files (${Math.round(size / 1024)} KiB)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServiceWorker();
}
