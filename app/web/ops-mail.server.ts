import { getEnv } from "~/services/env.server";

/** Who hears about requests the team must act on: OPS_EMAIL, else the admins. */
export function opsRecipients(): string[] {
  const env = getEnv();
  return env.OPS_EMAIL && env.OPS_EMAIL.length > 0 ? env.OPS_EMAIL : env.ADMIN_EMAILS;
}
