// `npm run db:migrate`: apply pending migrations to DATABASE_DIRECT_URL, else DATABASE_URL
// (the migration lock is held across statements, which a transaction pooler would not keep).
import { migrateDatabase } from "~/services/migrate.server";

const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set. (npm start migrates the embedded database by itself.)");
  process.exit(1);
}
migrateDatabase(url).then(
  (applied) => {
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
    process.exit(0);
  },
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
