import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

// Built by bench/framework-floor.ts into FLOOR_BUILD_DIR. The root is the repository's, where the
// Remix plugin finds its server runtime in package.json.
const here = import.meta.dirname;
export default defineConfig({
  root: path.resolve(here, "../.."),
  logLevel: "error",
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: process.env.FLOOR_BUILD_DIR ?? path.join(here, "build"),
      future: { v3_singleFetch: true },
    }),
  ],
});
