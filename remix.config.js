// Remix's own options. vite.config.ts passes this object to the Remix Vite plugin, so
// this file is the single place for future flags and route conventions.
import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { buildServiceWorker } from "./scripts/build-service-worker.mjs";
import { buildStaticPageScript } from "./scripts/build-static-page-script.mjs";

/**
 * Route files live in one folder per guard (docs/where-things-are.md). Each folder is read
 * with Remix's own flat-routes convention, so a file keeps the name, URL and nesting it had
 * in a flat app/routes, and its route id stays the flat one ("routes/admin.kyc"), so
 * useRouteLoaderData, `_data` requests and Server-Timing names do not depend on the folder.
 * A layout and its children must share a folder. Server modules beside a route
 * (`*.server.ts`) are its helpers, never routes: Remix keeps `.server` modules off the client,
 * so a route could not be one anyway.
 */
export const ROUTE_GROUPS = ["public", "investor", "waitlist", "admin"];
const NOT_ROUTES = ["**/.*", "**/*.test.*", "**/*.server.*"];
const APP_DIRECTORY = fileURLToPath(new URL("./app", import.meta.url));

export function groupedRoutes() {
  const manifest = {};
  for (const group of ROUTE_GROUPS) {
    const prefix = `routes/${group}`;
    const flatId = (id) => (id === "root" ? id : id.replace(`${prefix}/`, "routes/"));
    for (const route of Object.values(flatRoutes(APP_DIRECTORY, NOT_ROUTES, prefix))) {
      const id = flatId(route.id);
      if (manifest[id]) throw new Error(`Route ${id} is in two groups: ${manifest[id].file} and ${route.file}`);
      manifest[id] = { ...route, id, parentId: flatId(route.parentId) };
    }
  }
  return manifest;
}

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  // The default convention is off: every route comes from groupedRoutes.
  ignoredRouteFiles: ["**/*"],
  routes: async () => groupedRoutes(),
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
