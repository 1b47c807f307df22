import { createHmac } from "node:crypto";
import { getEnv } from "~/services/env.server";

/** The certificates' signing key, derived from the server secret so it is never the session key itself. */
export function certificateSecret(): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update("aangan holdings certificate v1").digest("hex");
}
