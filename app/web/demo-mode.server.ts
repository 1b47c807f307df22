import { getEnv } from "~/services/env.server";

/** DEMO_MODE: money, people and companies are made up, and every page says so. */
export function isDemoMode(): boolean {
  return getEnv().DEMO_MODE === true;
}
