import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Db } from "~/services/db.server";
import { engagementScore } from "./engagement";

export const ANALYTICS_CSV_COLUMNS = [
  "user id",
  "name",
  "email",
  "tier",
  "watchlist count",
  "notes count",
  "engagement score",
  "last activity",
];

/** Rows fetched per database round trip: memory stays flat however many users there are. */
const BATCH = 1000;

/** A cell a spreadsheet would run as a formula (=, +, -, @) is kept as text with a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type Row = {
  user_id: string;
  full_name: string | null;
  email: string;
  tier: string;
  watchlist_count: number;
  notes_count: number;
  last_activity_at: Date | null;
};

/**
 * Every user as CSV rows, read in keyset-paginated batches (by user id) so neither the
 * database nor this process ever holds the whole table.
 */
async function* analyticsRows(db: Db): AsyncGenerator<(string | number)[]> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await db.$queryRaw<Row[]>`
      SELECT p.user_id::text AS user_id, p.full_name, p.email, p.tier::text AS tier, p.last_activity_at,
             COALESCE(w.watchlist_count, 0)::int AS watchlist_count, COALESCE(w.notes_count, 0)::int AS notes_count
      FROM user_profiles p
      LEFT JOIN LATERAL (
        SELECT count(*) AS watchlist_count, count(*) FILTER (WHERE notes IS NOT NULL AND notes <> '') AS notes_count
        FROM watchlist WHERE watchlist.user_id = p.user_id
      ) w ON true
      WHERE p.user_id > ${after}::uuid
      ORDER BY p.user_id
      LIMIT ${BATCH}`;
    for (const row of batch) {
      yield [
        row.user_id,
        neutraliseFormula(row.full_name ?? ""),
        neutraliseFormula(row.email),
        row.tier,
        row.watchlist_count,
        row.notes_count,
        engagementScore(row.watchlist_count, row.notes_count),
        row.last_activity_at ? row.last_activity_at.toISOString() : "",
      ];
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.user_id;
  }
}

/**
 * The User Analytics export as a byte stream: UTF-8 with a byte-order mark (so spreadsheet
 * apps read Indic names right), RFC 4180 quoting by csv-stringify, with backpressure: a
 * batch is read only when the previous one has been taken by the client.
 */
export function streamAnalyticsCsv(db: Db): Readable {
  const csv = stringify({ header: true, columns: ANALYTICS_CSV_COLUMNS, bom: true, record_delimiter: "windows" });
  const source = Readable.from(analyticsRows(db));
  source.on("error", (error) => csv.destroy(error));
  return source.pipe(csv);
}
