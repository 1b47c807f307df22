import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from "~/lib/feature-flags";
import { isIndiaRegionCode } from "~/lib/india-states";
import { singleton } from "~/services/singleton.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

// A money limit in whole rupees: positive, and within what a NUMERIC(16,2) column holds.
const rupeeLimit = z.coerce.number().int().positive().max(99_999_999_999_999);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Node's own flags; read only so a cluster worker's added flags never override the operator's (server/worker-flags.ts). */
  NODE_OPTIONS: z.string().optional(),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * A connection that reaches PostgreSQL itself, not through a pooler in transaction mode:
   * LISTEN/NOTIFY, pg-boss and migrations use it (default: DATABASE_URL; ADR 0079).
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * What sits behind DATABASE_URL: `direct` (PostgreSQL, or a pooler in session mode) or
   * `transaction` (PgBouncer in transaction mode: no named prepared statements). Unset:
   * `transaction` when DATABASE_DIRECT_URL names another database than DATABASE_URL.
   */
  DATABASE_POOL_MODE: z.enum(["direct", "transaction"]).optional(),
  /** A streaming replica for public catalogue reads, market data and analytics (ADR 0079). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** After SIGTERM, how long /readyz fails while requests are still served, before the server closes. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** A replica further behind than this is skipped for the primary (ADR 0079). */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** The embedded PostgreSQL logs statements slower than this and long lock waits (unset: neither). */
  EMBEDDED_POSTGRES_LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO_DATA: booleanFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // The logger reads it itself (logger.server.ts); parsed here so a typo stops the start.
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** How long a public page read by a signed-out visitor is kept in memory (0: never; docs/decisions/0027). */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How long a signed-in investor's own overview may be served again while the database says nothing it shows changed (0: never; ADR 0045). */
  USER_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  /** How many signed-in pages a worker keeps at most (ADR 0045). */
  USER_PAGE_CACHE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Worker processes `npm start` runs in production (default: one per CPU; docs/decisions/0028). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // Shared by every process through PostgreSQL (ADR 0032); per client and minute.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // Payment-gateway webhook deliveries per sending address (their own budget, not form posts'; ADR 0061).
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  // Open /events streams per session and per client address, in each app process (429 beyond).
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().positive().default(8),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(32),
  // Deposits, withdrawals and settlements above this many rupees need a second admin (ADR 0033).
  FOUR_EYES_THRESHOLD_INR: z.coerce.number().positive().default(500000),
  // The most an investor may ask to add or withdraw in one request, and in one India day (ADR 0056).
  DEPOSIT_MAX_PER_REQUEST_INR: rupeeLimit.default(10_000_000),
  DEPOSIT_MAX_PER_DAY_INR: rupeeLimit.default(20_000_000),
  WITHDRAWAL_MAX_PER_REQUEST_INR: rupeeLimit.default(10_000_000),
  WITHDRAWAL_MAX_PER_DAY_INR: rupeeLimit.default(20_000_000),
  TRUST_PROXY: booleanFlag,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APP_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#]+$/, "must be an origin such as https://aangan.example (no path or trailing slash)")
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")))
    .default([]),
  DEMO_MODE: booleanFlag,
  // Payments through a gateway (ADR 0061). razorpay needs the three keys; stand-in is the
  // app's own Razorpay stand-in (development and demo only); off leaves only the ticket path.
  // Unset: razorpay when its keys are set, else the stand-in in development, else off.
  PAYMENTS_PROVIDER: z.enum(["razorpay", "stand-in", "off"]).optional(),
  RAZORPAY_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.razorpay.com" })
    .default("https://api.razorpay.com"),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The RazorpayX business account withdrawals are paid from (ADR 0064). Unset: withdrawals
  // stay on the ticket path (an admin pays them by hand) and bank details are not penny-dropped.
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9]{8,24}$/, "must be the RazorpayX account number (digits only)")
    .optional(),
  // A webhook created longer ago than this is refused as stale (Razorpay retries for 24 hours).
  PAYMENTS_WEBHOOK_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(48),
  FEATURE_SECONDARY_MARKET_ENABLED: booleanFlag,
  FEATURE_TRADING_UI_ENABLED: booleanFlag,
  FEATURE_TRIAL_ENFORCEMENT_ENABLED: booleanFlag,
  FEATURE_NOTIFICATIONS_ENABLED: booleanFlag,
  FEATURE_ANALYTICS_ENABLED: booleanFlag,
  /** Serves the routes end-to-end tests use to provoke an error page and a flashed toast. */
  E2E_PROBES: booleanFlag,
  // Mail: without SMTP_URL, messages are written as .eml files under DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Aangan <no-reply@aangan.local>"),
  // A message the SMTP server did not take is retried by its job, first after this many seconds (then backing off).
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  OPS_EMAIL: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")))
    .optional(),
  // Where investors send money for an add-funds request (shown in the wallet); demo values by default.
  ESCROW_ACCOUNT_NAME: z.string().min(1).default("Aangan Escrow Account (demo)"),
  ESCROW_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{9,18}$/, "must be 9 to 18 digits")
    .default("000123456789"),
  ESCROW_IFSC: z
    .string()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "must be an IFSC such as NDMB0001234")
    .default("NDMB0000001"),
  ESCROW_UPI_ID: z
    .string()
    .regex(/^[\w.-]+@[\w.-]+$/, "must be a UPI id such as aangan.escrow@ndmb")
    .default("aangan.escrow@demo"),
  // The company that issues receipts and the grievance officer (receipts, /contact); demo values by default.
  LEGAL_ENTITY_NAME: z.string().min(1).default("Aangan Proptech Private Limited (demo)"),
  LEGAL_ENTITY_ADDRESS: z.string().min(1).default("4th Floor, Demo Towers, 12 MG Road, Bengaluru, Karnataka 560001"),
  LEGAL_ENTITY_CIN: z
    .string()
    .regex(/^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/, "must be a 21-character CIN such as U70100KA2024PTC123456")
    .default("U70100KA2024PTC000000"),
  LEGAL_ENTITY_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a 15-character GSTIN such as 29ABCDE1234F1Z5")
    // Its first two digits are the state GST is charged from (ADR 0053).
    .refine((gstin) => isIndiaRegionCode(gstin.slice(0, 2)), "must start with the GST code of a state or union territory")
    .default("29AAAAA0000A1Z5"),
  // The deductor's tax deduction account number on TDS certificates and the tax pack (ADR 0065); a demo value by default.
  TDS_DEDUCTOR_TAN: z
    .string()
    .regex(/^[A-Z]{4}\d{5}[A-Z]$/, "must be a 10-character TAN such as BLRA12345D")
    .default("BLRA00000D"),
  GRIEVANCE_OFFICER_NAME: z.string().min(1).default("Meera Raghunathan (demo)"),
  GRIEVANCE_OFFICER_EMAIL: z.email("must be an e-mail address").default("grievance@aangan.example"),
  GRIEVANCE_OFFICER_PHONE: z.string().min(6).default("+91 80 0000 0067"),
  SUPPORT_PHONE: z.string().min(6).default("+91 80 0000 0000"),
  // Sessions (ASVS V7): end after this long without a request, and this long after sign-in in any case.
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  // How recent a sign-in a withdrawal request or a change of bank details needs (re-authentication).
  REAUTH_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // pg-boss cron (UTC) for deleting expired sessions; hourly unless told otherwise.
  JOBS_SESSION_SWEEP_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("0 * * * *"),
  // pg-boss cron (UTC) for expiring market holds, reservations, sell requests and withdrawal holds; every minute unless told otherwise.
  JOBS_MARKET_EXPIRY_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("* * * * *"),
  // pg-boss cron (UTC) for moving the database functions' mails into the mail queue (ADR 0060); each
  // command that writes one drains at once, so this is the net behind a crash. Every minute unless told otherwise.
  JOBS_MAIL_OUTBOX_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("* * * * *"),
  // pg-boss cron (UTC) for paying due rent distributions; 18:45 UTC is 00:15 IST, daily.
  JOBS_DISTRIBUTIONS_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("45 18 * * *"),
  // pg-boss cron (UTC) of the payments sweep: queued payouts sent, unpaid gateway orders expired (ADR 0064).
  JOBS_PAYMENTS_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("* * * * *"),
  // pg-boss cron (UTC) of the nightly reconciliation with the payment provider; 20:30 UTC is 02:00 IST.
  JOBS_RECONCILIATION_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("30 20 * * *"),
  // pg-boss cron (UTC) of the grievance escalation: missed clocks alert a second admin (ADR 0067); every 15 minutes.
  JOBS_GRIEVANCE_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("*/15 * * * *"),
  // pg-boss cron (UTC) of the investors' alert rules: NAV moves, distributions, labels, listings (ADR 0070); every 5 minutes.
  JOBS_ALERT_RULES_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("*/5 * * * *"),
  // pg-boss cron (UTC) of monthly plan runs and their day-before reminders (ADR 0072); hourly at :10.
  JOBS_PLANS_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, "must be a cron expression with 5 or 6 fields")
    .default("10 * * * *"),
  // The admin is warned when one investor holds more than this share (percent) of a property.
  CONCENTRATION_WARNING_PERCENT: z.coerce.number().positive().max(100).default(10),
  // The market's price band (ADR 0074): a buy order's limit within this percent of the reference price.
  MARKET_PRICE_BAND_PERCENT: z.coerce.number().positive().max(100).default(20),
  // Private files (KYC) go to this S3-compatible bucket when the set is given; else DATA_DIR/uploads/private.
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.example.com" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  // AI notes analysis through an OpenAI-compatible chat-completions API; without
  // AI_BASE_URL the built-in offline analyser runs instead. The key never reaches the browser.
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.openai.com/v1" }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  // Largest form body the server reads (bytes); upload routes have their own, larger limits.
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
});

/** S3 settings come as a set: naming any of them requires these. */
const S3_REQUIRED = ["S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

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
  if (Object.keys(env).some((name) => name.startsWith("S3_") && env[name as keyof typeof env] !== undefined)) {
    for (const name of S3_REQUIRED) if (!env[name]) errors.push(`${name}: required when any S3_* variable is set`);
  }
  for (const kind of ["DEPOSIT", "WITHDRAWAL"] as const) {
    if (env[`${kind}_MAX_PER_DAY_INR`] < env[`${kind}_MAX_PER_REQUEST_INR`]) {
      errors.push(`${kind}_MAX_PER_DAY_INR: must be at least ${kind}_MAX_PER_REQUEST_INR`);
    }
  }
  const razorpayKeys = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;
  if (env.PAYMENTS_PROVIDER === "razorpay" || razorpayKeys.some((name) => env[name])) {
    for (const name of razorpayKeys)
      if (!env[name]) errors.push(`${name}: required when PAYMENTS_PROVIDER=razorpay or any RAZORPAY_* key is set`);
  }
  if (env.PAYMENTS_PROVIDER === "stand-in" && env.NODE_ENV === "production" && !env.DEMO_MODE) {
    errors.push("PAYMENTS_PROVIDER: stand-in moves no real money; a production server may use it only with DEMO_MODE=true");
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) errors.push("AI_MODEL: required when AI_BASE_URL is set");
  if (!env.AI_BASE_URL && (env.AI_MODEL || env.AI_API_KEY)) errors.push("AI_BASE_URL: required when AI_MODEL or AI_API_KEY is set");
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

// One per process: server.ts and the Remix build must see the one environment server.ts parsed
// (and the database URL it booted).
const holder = singleton("env", (): { env?: Env } => ({}));

/** For server.ts: parse, or print one line per bad variable and exit 1. */
export function loadEnvOrExit(): Env {
  if (holder.env) return holder.env;
  const result = parseEnv(process.env);
  if (!result.ok) {
    for (const line of result.errors) console.error(`Invalid environment: ${line}`);
    process.exit(1);
  }
  holder.env = result.env;
  return result.env;
}

/**
 * The validated environment, for code running inside the Remix build, jobs and scripts.
 * Parsed on first use when server.ts has not already done it (tests, scripts); an invalid
 * environment then throws instead of exiting.
 */
export function getEnv(): Env {
  if (holder.env) return holder.env;
  const result = parseEnv(process.env);
  if (!result.ok) throw new Error(`Invalid environment: ${result.errors.join("; ")}`);
  holder.env = result.env;
  return result.env;
}

/**
 * Records the database the process actually uses: DATABASE_URL when it was set, or the
 * embedded PostgreSQL server.ts started when it was not.
 */
export function setRuntimeDatabaseUrl(url: string, directUrl?: string): void {
  const env = getEnv();
  holder.env = { ...env, DATABASE_URL: url, DATABASE_DIRECT_URL: directUrl ?? env.DATABASE_DIRECT_URL };
}

type DatabaseSettings = Pick<Env, "DATABASE_URL" | "DATABASE_DIRECT_URL" | "DATABASE_POOL_MODE">;

/**
 * The database settings without parsing (and so fixing) the whole environment: the parsed
 * ones once there are, else process.env's as they are now. For clients made before the
 * environment is final (a test's own, made before it names its database).
 */
export function currentDatabaseSettings(): DatabaseSettings {
  if (holder.env) return holder.env;
  const mode = process.env.DATABASE_POOL_MODE;
  return {
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    DATABASE_DIRECT_URL: process.env.DATABASE_DIRECT_URL || undefined,
    DATABASE_POOL_MODE: mode === "direct" || mode === "transaction" ? mode : undefined,
  };
}

/** The URL for LISTEN/NOTIFY, pg-boss and migrations: DATABASE_DIRECT_URL, else DATABASE_URL. */
export function directDatabaseUrl(env: Pick<Env, "DATABASE_URL" | "DATABASE_DIRECT_URL"> = getEnv()): string | undefined {
  return env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
}

/**
 * Whether DATABASE_URL leads through a pooler in transaction mode, where a connection is
 * someone else's after each transaction: told by DATABASE_POOL_MODE, else inferred from a
 * direct URL that differs from DATABASE_URL (a pooler in front is why one would set it).
 */
export function pooledInTransactionMode(env: Pick<Env, "DATABASE_URL" | "DATABASE_DIRECT_URL" | "DATABASE_POOL_MODE"> = getEnv()): boolean {
  if (env.DATABASE_POOL_MODE) return env.DATABASE_POOL_MODE === "transaction";
  return env.DATABASE_DIRECT_URL !== undefined && env.DATABASE_URL !== undefined && env.DATABASE_DIRECT_URL !== env.DATABASE_URL;
}

/** Forgets the parsed environment, so the next getEnv() reads process.env again (tests that change it). */
export function reloadEnv(): void {
  holder.env = undefined;
}

/** The spec's feature flags, with the overrides the environment sets. */
export function getFeatureFlags(env: Env = getEnv()): FeatureFlags {
  const defaults = DEFAULT_FEATURE_FLAGS;
  return {
    secondary_market_enabled: env.FEATURE_SECONDARY_MARKET_ENABLED ?? defaults.secondary_market_enabled,
    trading_ui_enabled: env.FEATURE_TRADING_UI_ENABLED ?? defaults.trading_ui_enabled,
    trial_enforcement_enabled: env.FEATURE_TRIAL_ENFORCEMENT_ENABLED ?? defaults.trial_enforcement_enabled,
    notifications_enabled: env.FEATURE_NOTIFICATIONS_ENABLED ?? defaults.notifications_enabled,
    analytics_enabled: env.FEATURE_ANALYTICS_ENABLED ?? defaults.analytics_enabled,
  };
}

/** The host's character locale as initdb reads it (LC_ALL, then LC_CTYPE, then LANG); not the app's configuration. */
export function hostCharacterLocale(): string {
  return process.env.LC_ALL || process.env.LC_CTYPE || process.env.LANG || "";
}
