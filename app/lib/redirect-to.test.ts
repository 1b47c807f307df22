import { describe, expect, it } from "vitest";
import { safeRedirectTo, signInPath } from "./redirect-to";

describe("safeRedirectTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectTo("/kyc")).toBe("/kyc");
    expect(safeRedirectTo("/invest/p-1?shares=2#buy")).toBe("/invest/p-1?shares=2#buy");
  });

  it.each([
    "https://evil.example",
    "https://evil.example/welcome",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "welcome",
    "",
    "/auth",
    "/auth/google/callback?code=x",
  ])("refuses %j", (value) => {
    expect(safeRedirectTo(value)).toBe("/welcome");
  });

  it("refuses non-strings and uses the given fallback", () => {
    expect(safeRedirectTo(undefined)).toBe("/welcome");
    expect(safeRedirectTo(["/kyc"], "/")).toBe("/");
    expect(safeRedirectTo("x".repeat(3000), "/")).toBe("/");
  });
});

describe("signInPath", () => {
  it("carries the page to return to", () => {
    expect(signInPath("/dashboard/wallet?tab=1")).toBe("/auth?redirectTo=%2Fdashboard%2Fwallet%3Ftab%3D1");
  });

  it("drops unsafe or pointless targets", () => {
    expect(signInPath("//evil.example")).toBe("/auth");
    expect(signInPath("/")).toBe("/auth");
  });
});
