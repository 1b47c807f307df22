import { defineConfig } from "prisma/config";

// Only `prisma generate` is used from the CLI (migrations are applied by the app, see
// docs/decisions/0002-migrations-as-sql.md). A placeholder URL keeps the CLI quiet when
// DATABASE_URL is unset; generate never connects.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/aangan" },
});
