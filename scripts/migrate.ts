// `npm run db:migrate`: apply pending migrations to DATABASE_URL.
import { migrateDatabase } from "~/services/migrate.server";

const url = process.env.DATABASE_URL;
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
