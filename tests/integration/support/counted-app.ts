import { afterAll, beforeAll } from "vitest";
import { reloadEnv } from "../../../app/services/env.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { startStatementCounter, type StatementCounter } from "./statement-counter";

export type CountedApp = { app: AppProcess; counter: StatementCounter; stop: () => Promise<void> };

/**
 * A real server.ts process whose every statement goes through the statement counter, and this
 * test process set up to sign sessions for it (the same secret, production cookie settings),
 * on the database directly.
 */
export async function startCountedApp(databaseUrl: string, sessionSecret: string): Promise<CountedApp> {
  const counter = await startStatementCounter(databaseUrl);
  const app = await startAppProcess({ DATABASE_URL: counter.url, SEED_DEMO_DATA: "false", SESSION_SECRET: sessionSecret });
  Object.assign(process.env, { DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret, NODE_ENV: "production", DEMO_MODE: "true" });
  reloadEnv();
  return {
    app,
    counter,
    stop: async () => {
      await app.stop();
      await counter.close();
    },
  };
}

/**
 * Starts a counted app before the file's tests and stops it after them; the returned object's
 * `app` and `counter` are the running ones.
 */
export function useCountedApp(databaseUrl: () => string, sessionSecret: string): Omit<CountedApp, "stop"> {
  let counted: CountedApp | undefined;
  beforeAll(async () => {
    counted = await startCountedApp(databaseUrl(), sessionSecret);
  });
  afterAll(async () => {
    await counted?.stop();
  });
  const running = () => {
    if (!counted) throw new Error("the counted app is not running (used outside a test?)");
    return counted;
  };
  return {
    get app() {
      return running().app;
    },
    get counter() {
      return running().counter;
    },
  };
}

/** Whether a statement the counter caught reads `table` FROM (quoted or schema-qualified; a JOIN of it is not counted). */
export const reading = (table: string) => (sql: string) => new RegExp(`\\bFROM\\s+"?(public"?\\."?)?${table}\\b`, "i").test(sql);
