import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_FLAGS, featureFlagEnvName, resolveFeatureFlags } from "./feature-flags";

describe("feature flags", () => {
  it("default to the spec's values", () => {
    expect(resolveFeatureFlags({})).toEqual({
      secondary_market_enabled: true,
      trading_ui_enabled: true,
      trial_enforcement_enabled: false,
      notifications_enabled: true,
      analytics_enabled: true,
    });
  });

  it("take overrides from FEATURE_* variables", () => {
    const flags = resolveFeatureFlags({
      FEATURE_TRIAL_ENFORCEMENT_ENABLED: "true",
      FEATURE_SECONDARY_MARKET_ENABLED: "0",
      FEATURE_ANALYTICS_ENABLED: "maybe",
    });
    expect(flags.trial_enforcement_enabled).toBe(true);
    expect(flags.secondary_market_enabled).toBe(false);
    expect(flags.analytics_enabled).toBe(DEFAULT_FEATURE_FLAGS.analytics_enabled);
    expect(featureFlagEnvName("trading_ui_enabled")).toBe("FEATURE_TRADING_UI_ENABLED");
  });
});
