import type { Db } from "~/services/db.server";

/**
 * Folds the investors' page changes (one row per investor and committed transaction) into their
 * folded versions, in one statement (ADR 0084): a version read before the fold equals the one
 * read after it, so no kept page is dropped or wrongly kept by it. Answers how many rows it folded.
 */
export async function foldUserPageChanges(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ folded: number }[]>`SELECT user_page_changes_fold() AS folded`;
  return row!.folded;
}
