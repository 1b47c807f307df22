/** The spec's feature flags, one place. The spec hard-codes them; we let the environment override them. */
export type FeatureFlags = {
  secondary_market_enabled: boolean;
  trading_ui_enabled: boolean;
  trial_enforcement_enabled: boolean;
  notifications_enabled: boolean;
  analytics_enabled: boolean;
};

export type FeatureFlag = keyof FeatureFlags;

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  secondary_market_enabled: true,
  trading_ui_enabled: true,
  trial_enforcement_enabled: false,
  notifications_enabled: true,
  analytics_enabled: true,
});

/** FEATURE_TRIAL_ENFORCEMENT_ENABLED=true overrides trial_enforcement_enabled, and so on. */
export function featureFlagEnvName(flag: FeatureFlag): string {
  return `FEATURE_${flag.toUpperCase()}`;
}

/**
 * Applies overrides from an environment-like record. Only "true"/"1" and "false"/"0"
 * count; the server's env schema rejects anything else at start-up.
 */
export function resolveFeatureFlags(env: Record<string, string | undefined>): FeatureFlags {
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const flag of Object.keys(flags) as FeatureFlag[]) {
    const raw = env[featureFlagEnvName(flag)];
    if (raw === "true" || raw === "1") flags[flag] = true;
    else if (raw === "false" || raw === "0") flags[flag] = false;
  }
  return flags;
}
