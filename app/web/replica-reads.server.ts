import { getPrisma, type PrismaClient } from "~/services/db.server";
import { readFromReplica, replicaForStream, type ReplicaReadPurpose } from "~/services/db-read.server";
import { readsPinnedToPrimary } from "~/web/request-scope.server";

/**
 * A read the replica may serve (ADR 0079), unless this client wrote in the last few seconds
 * (server/http-app.ts pins such requests to the primary). Callers are the catalogue for
 * signed-out visitors, market data and admin analytics; never money, sessions or a user's own rows.
 */
export function replicaRead<T>(purpose: ReplicaReadPurpose, work: (db: PrismaClient) => Promise<T>): Promise<T> {
  if (readsPinnedToPrimary()) return work(getPrisma());
  return readFromReplica(purpose, work);
}

/** The client a streamed read starts on, by the same rule. */
export function replicaStreamClient(purpose: ReplicaReadPurpose): Promise<PrismaClient> {
  if (readsPinnedToPrimary()) return Promise.resolve(getPrisma());
  return replicaForStream(purpose);
}
