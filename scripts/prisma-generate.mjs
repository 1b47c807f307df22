// `prisma generate` only needs a schema-engine path to exist; it never runs it. The
// real engine is downloaded from Prisma's host, which installs here cannot reach
// (docs/decisions/0002-migrations-as-sql.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const placeholder = path.resolve("node_modules/.cache/aangan/schema-engine-placeholder");
if (!existsSync(placeholder)) {
  mkdirSync(path.dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, "");
}
execFileSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
