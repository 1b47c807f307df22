// Bundles app/components/pwa/static-page-script.ts, the one script of pages served without
// React (ADR 0024), to build/client/static-page.js after every `remix vite:build`
// (remix.config.js's buildEnd, before the service worker). Its name is fixed, so the server
// sends it with `Cache-Control: no-cache`; the workbox-window chunk it loads lazily is hashed
// under assets/ like the rest of the build. Run on its own after a build:
//   node scripts/build-static-page-script.mjs
import { build } from "vite";

export const STATIC_PAGE_SCRIPT = "static-page.js";

/** @param {{ clientDir?: string, log?: (line: string) => void }} [options] */
export async function buildStaticPageScript({ clientDir = "build/client", log = console.log } = {}) {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      target: "es2020",
      rollupOptions: {
        input: "app/components/pwa/static-page-script.ts",
        output: { format: "es", entryFileNames: STATIC_PAGE_SCRIPT, chunkFileNames: "assets/[name]-[hash].js" },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ("output" in result ? result.output : []));
  const sizes = chunks
    .filter((chunk) => chunk.type === "chunk")
    .map((chunk) => `${chunk.fileName} ${(chunk.code.length / 1024).toFixed(1)} KiB`);
  log(`static page script: ${sizes.join(", ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildStaticPageScript();
}
