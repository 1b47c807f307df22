// Remix's own options. vite.config.ts passes this object to the Remix Vite plugin, so
// this file is the single place for future flags and route conventions.
import { buildServiceWorker } from "./scripts/build-service-worker.mjs";

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/*.server.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  // Every build (npm run build, npm test, npm start's rebuild) ends with the service worker,
  // generated from the client build it precaches.
  buildEnd: async ({ remixConfig }) => {
    await buildServiceWorker({ clientDir: `${remixConfig.buildDirectory}/client` });
  },
};
