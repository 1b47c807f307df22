import path from "node:path";
import base from "../../../playwright.config";

/**
 * The project's Playwright setup on a port and data directory of its own, so these
 * journeys can run while another e2e run uses the defaults on the same machine:
 *   npx playwright test --config tests/e2e/support/isolated.config.ts tests/e2e/invest.spec.ts
 */
const port = Number(process.env.E2E_ISOLATED_PORT ?? 3291);
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e-isolated";
// Read by support/e2e-database.ts in the test workers, which load this file too.
process.env.E2E_DATA_DIR = dataDir;

const webServer = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;

export default {
  ...base,
  testDir: path.resolve(import.meta.dirname, ".."),
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    ...webServer,
    // The base config's paths are relative to the repository root, not to this file.
    cwd: path.resolve(import.meta.dirname, "../../.."),
    url: `http://localhost:${port}/readyz`,
    env: { ...webServer.env, PORT: String(port), DATA_DIR: dataDir },
  },
};
