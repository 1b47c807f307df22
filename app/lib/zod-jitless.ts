type ZodGlobalConfig = { jitless?: boolean };

/**
 * Zod 4 compiles object parsers with `new Function`, after probing whether eval is allowed; under
 * our CSP (no 'unsafe-eval') the probe alone is reported as a violation, which Lighthouse counts
 * against best practices. `z.config({ jitless: true })` turns both off, but importing zod for it
 * would put zod's core on every page; zod keeps that config on this global (zod/v4/core/core.js),
 * created if absent and shared with `z.config`, so setting it here costs no bytes. Call it before
 * any schema is built (zod reads it when a z.object() is created).
 */
export function disableZodJit(): void {
  const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
