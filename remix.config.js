// Remix's own options. vite.config.ts passes this object to the Remix Vite plugin, so
// this file is the single place for future flags and route conventions.
import { buildServiceWorker } from "./scripts/build-service-worker.mjs";
import { buildStaticPageScript } from "./scripts/build-static-page-script.mjs";

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/*.server.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the whole route manifest (about 4 KiB gzip, cached with the build) loads with the
    // page, instead of the page asking /__manifest for every link it shows after hydrating and
    // re-rendering everything when the answers arrive (ADR 0042).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
  // Every build (npm run build, npm test, npm start's rebuild) ends with the script of pages
  // served without React (ADR 0024) and the service worker, generated from the client build it precaches.
  buildEnd: async ({ remixConfig }) => {
    await buildStaticPageScript({ clientDir: `${remixConfig.buildDirectory}/client` });
    await buildServiceWorker({ clientDir: `${remixConfig.buildDirectory}/client` });
  },
};
