import os from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "prisma/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/setup/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-database.ts"],
    pool: "forks",
    // One fork per CPU (vitest's default is one fewer): a file spends much of its time waiting
    // on PostgreSQL or on servers it started, so the second fork fills that wait. On CI's two
    // CPUs the run took 8.2 minutes with two forks, 7.7 with three and about 20 with one.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "warn" },
  },
});
