import { describe, expect, it } from "vitest";
import { expectedFailureLine, TestProbeFailure } from "./test-probe.server";

describe("expected test-probe failures", () => {
  it("labels a probe's deliberate failure as expected", () => {
    expect(expectedFailureLine(new TestProbeFailure("E2E probe failure: internal detail"))).toBe(
      "expected (test probe): E2E probe failure: internal detail",
    );
  });

  it("leaves every other failure to be logged as a real error", () => {
    expect(expectedFailureLine(new Error("E2E probe failure: look-alike"))).toBeNull();
    expect(expectedFailureLine("a string")).toBeNull();
  });
});
