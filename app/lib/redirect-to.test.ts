import fc from "fast-check";
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
    "/\r/evil.example",
    "/\r\n/evil.example",
    "/./\t/evil.example",
    "/a/../\t/evil.example",
    " //evil.example",
    "/\u00a0/evil.example",
    "/\u0085/evil.example",
    "/kyc ",
    "javascript:alert(1)",
    "welcome",
    "",
    "/auth",
    "/auth/google/callback?code=x",
    "//auth",
    "/AUTH",
    "/./auth",
    "/auth.data",
  ])("refuses %j", (value) => {
    expect(safeRedirectTo(value)).toBe("/welcome");
  });

  it.each([
    ["/.//evil.example", "/evil.example"],
    ["/././/evil.example/welcome", "/evil.example/welcome"],
    ["/a/..//evil.example", "/evil.example"],
    ["/..//evil.example", "/evil.example"],
    ["/%2e//evil.example", "/evil.example"],
    ["/.///evil.example?x=1", "/evil.example?x=1"],
  ])("normalises %j before checking it, so it stays on this site", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
    expect(signInPath(value)).toBe(`/auth?${new URLSearchParams({ redirectTo: expected })}`);
  });

  it("resolves dot segments and repeated slashes inside the path", () => {
    expect(safeRedirectTo("/./kyc")).toBe("/kyc");
    expect(safeRedirectTo("/dashboard/../kyc")).toBe("/kyc");
    expect(safeRedirectTo("/dashboard//wallet?tab=1")).toBe("/dashboard/wallet?tab=1");
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

describe("safeRedirectTo, for any input", () => {
  // Inputs built from the pieces open-redirect tricks are made of, plus arbitrary text.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "./",
    "../",
    "%2e",
    "%2f",
    "%5c",
    ":",
    "@",
    "?",
    "#",
    "\t",
    "\n",
    " ",
    "evil.example",
    "http:",
    "https:",
    "javascript:",
    "auth",
    "kyc",
    "\u3002",
    "\uff0f",
  );
  const tricky = fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join(""));
  const candidates = fc.oneof(
    tricky,
    tricky.map((rest) => `/${rest}`),
    fc.string(),
  );

  it("answers the fallback or a single-slash path of this site that is already normalised", () => {
    fc.assert(
      fc.property(candidates, (value) => {
        const target = safeRedirectTo(value, "FALLBACK");
        if (target === "FALLBACK") return;
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        expect(target.startsWith("/\\")).toBe(false);
        expect(target).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
        // eslint-disable-next-line no-control-regex -- matching control characters is the point
        expect(target).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        expect(new URL(target, "http://site.invalid").origin).toBe("http://site.invalid");
        expect(safeRedirectTo(target, "FALLBACK")).toBe(target);
      }),
      { numRuns: 5000 },
    );
  });

  it("never lets signInPath carry an address off the site", () => {
    fc.assert(
      fc.property(candidates, (value) => {
        const redirectTo = new URL(signInPath(value), "http://site.invalid").searchParams.get("redirectTo");
        if (redirectTo === null) return;
        expect(redirectTo.startsWith("/") && !redirectTo.startsWith("//")).toBe(true);
        expect(new URL(redirectTo, "http://site.invalid").origin).toBe("http://site.invalid");
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the one return-path sanitiser", () => {
  it("is the only one: no other module checks a returnTo or redirectTo by hand", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const path = await import("node:path");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")
            ? [path.join(dir, entry.name)]
            : [],
      );
    const handRolled = files("app").filter((file) =>
      /function safeReturn|returnTo\.startsWith\("\/"\)|text\.startsWith\("\/"\) && !text\.startsWith\("\/\/"\)/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(handRolled.filter((file) => !file.endsWith(path.join("lib", "redirect-to.ts")))).toEqual([]);
  });
});
