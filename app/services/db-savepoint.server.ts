import { isRetryableFailure, isTransactionClient as isTransaction, type Db } from "~/services/db.server";

let counter = 0;

/**
 * Runs `work` so that its failure leaves the rest of the caller's transaction usable: inside
 * a transaction it runs under a savepoint, and a failure rolls back to it. Answers the
 * work's value, or `{ failed: error }`. A deadlock, serialization failure or lock timeout
 * is rethrown: PostgreSQL will refuse the whole transaction anyway, and runTransaction
 * retries it.
 */
export async function attemptApart<T>(db: Db, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  const inTransaction = isTransaction(db);
  const savepoint = `apart_${++counter}`;
  if (inTransaction) await db.$executeRawUnsafe(`SAVEPOINT ${savepoint}`);
  try {
    const value = await work();
    if (inTransaction) await db.$executeRawUnsafe(`RELEASE SAVEPOINT ${savepoint}`);
    return { ok: true, value };
  } catch (error) {
    if (isRetryableFailure(error)) throw error;
    if (inTransaction) await db.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    return { ok: false, error };
  }
}
