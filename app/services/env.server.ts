import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO_DATA: booleanFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  TRUST_PROXY: booleanFlag,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APP_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#]+$/, "must be an origin such as https://aangan.example (no path or trailing slash)")
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) => value.split(",").map((email) => email.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")))
    .default([]),
  DEMO_MODE: booleanFlag,
  FEATURE_SECONDARY_MARKET_ENABLED: booleanFlag,
  FEATURE_TRADING_UI_ENABLED: booleanFlag,
  FEATURE_TRIAL_ENFORCEMENT_ENABLED: booleanFlag,
  FEATURE_NOTIFICATIONS_ENABLED: booleanFlag,
  FEATURE_ANALYTICS_ENABLED: booleanFlag,
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; APP_ORIGIN: string };

export type EnvResult = { ok: true; env: Env } | { ok: false; errors: string[] };

/**
 * Parses the process environment once. Each problem becomes one line naming the
 * variable, so an operator can fix them all in one go.
 */
export function parseEnv(raw: Record<string, string | undefined>): EnvResult {
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  const env = parsed.data;
  const errors: string[] = [];
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    errors.push("SESSION_SECRET: required when NODE_ENV=production");
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    errors.push("GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
  }
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
    errors.push("GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set");
  }
  // Without Google credentials sign-in runs against the built-in stand-in, which lets anyone
  // sign in as anyone: a production server may only do that when explicitly a demo.
  if (env.NODE_ENV === "production" && !env.GOOGLE_CLIENT_ID && !env.DEMO_MODE) {
    errors.push(
      "GOOGLE_CLIENT_ID: required when NODE_ENV=production (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or DEMO_MODE=true to use the built-in Google stand-in)",
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    env: {
      ...env,
      SESSION_SECRET: env.SESSION_SECRET ?? loadDevSessionSecret(env.DATA_DIR),
      APP_ORIGIN: env.APP_ORIGIN ?? `http://localhost:${env.PORT}`,
    },
  };
}

/** Outside production a missing secret is generated once and kept under DATA_DIR. */
function loadDevSessionSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** For server.ts: parse, or print one line per bad variable and exit 1. */
export function loadEnvOrExit(): Env {
  if (cached) return cached;
  const result = parseEnv(process.env);
  if (!result.ok) {
    for (const line of result.errors) console.error(`Invalid environment: ${line}`);
    process.exit(1);
  }
  cached = result.env;
  return cached;
}

/** For code running inside the Remix build: the environment server.ts already validated. */
export function getEnv(): Env {
  return loadEnvOrExit();
}
