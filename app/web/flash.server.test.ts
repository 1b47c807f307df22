import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reloadEnv } from "~/services/env.server";
import { getFlashToasts, redirectWithToast } from "./flash.server";

/** Changes a variable and makes the parsed environment read it again. */
function setEnv(name: string, value: string) {
  vi.stubEnv(name, value);
  reloadEnv();
}

function cookiesFrom(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("flash toasts", () => {
  beforeEach(() => {
    setEnv("SESSION_SECRET", "unit-test-secret-that-is-long-enough-0123456789");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    reloadEnv();
  });

  it("redirects with a signed, HttpOnly, SameSite=Lax cookie holding the toast", async () => {
    const response = await redirectWithToast("/dashboard/overview", { kind: "success", title: "Welcome back" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/overview");
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it("marks the cookie Secure with the __Host- prefix in production", async () => {
    // Production also needs Google credentials or an explicit demo to pass the env schema.
    vi.stubEnv("DEMO_MODE", "true");
    setEnv("NODE_ENV", "production");
    const response = await redirectWithToast("/", { kind: "info", title: "Hello" });
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^__Host-aangan_flash=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("keeps headers passed in init alongside the flash cookie", async () => {
    const response = await redirectWithToast(
      "/",
      { kind: "info", title: "Hi" },
      { headers: { "Set-Cookie": "other=1; Path=/", "X-Extra": "yes" }, status: 303 },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("X-Extra")).toBe("yes");
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("hands the toast to the next request once, then clears it", async () => {
    const response = await redirectWithToast("/", { kind: "error", title: "Request Failed", description: "Try again" });
    const first = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: cookiesFrom(response) } }));
    expect(first.toasts).toEqual([
      expect.objectContaining({ kind: "error", title: "Request Failed", description: "Try again", id: expect.any(String) }),
    ]);
    // Removed, not rewritten empty: the browser is left without a flash cookie at all.
    const [cleared] = first.headers.getSetCookie();
    expect(cleared).toMatch(/^aangan_flash=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const second = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: cookiesFrom(first) } }));
    expect(second.toasts).toEqual([]);
  });

  it("leaves the toast for the page itself when the browser only prefetches it", async () => {
    const response = await redirectWithToast("/", { kind: "success", title: "Images reordered" });
    const cookie = cookiesFrom(response);
    for (const purpose of [
      ["Sec-Purpose", "prefetch"],
      ["Purpose", "prefetch"],
      ["Sec-Purpose", "prefetch;anonymous-client-ip"],
    ]) {
      const ahead = await getFlashToasts(
        new Request("http://app.test/properties.data", { headers: { Cookie: cookie, [purpose[0]!]: purpose[1]! } }),
      );
      expect(ahead.toasts).toEqual([]);
      expect(ahead.headers.getSetCookie()).toEqual([]);
    }
    const shown = await getFlashToasts(new Request("http://app.test/properties.data", { headers: { Cookie: cookie } }));
    expect(shown.toasts).toEqual([expect.objectContaining({ title: "Images reordered" })]);
  });

  it("removes an empty flash cookie left by an earlier version, which rewrote it as {}", async () => {
    const { createCookieSessionStorage } = await import("@remix-run/node");
    const earlier = createCookieSessionStorage({
      cookie: { name: "aangan_flash", secrets: [process.env.SESSION_SECRET ?? ""], path: "/" },
    });
    const empty = (await earlier.commitSession(await earlier.getSession())).split(";")[0] ?? "";
    const result = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: `aangan_session=x; ${empty}` } }));
    expect(result.toasts).toEqual([]);
    expect(result.headers.getSetCookie()[0]).toMatch(/^aangan_flash=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("sets no cookie when there is nothing to show", async () => {
    const result = await getFlashToasts(new Request("http://app.test/"));
    expect(result.toasts).toEqual([]);
    expect(result.headers.getSetCookie()).toEqual([]);
  });

  it("ignores a cookie signed with another secret", async () => {
    const response = await redirectWithToast("/", { kind: "info", title: "Forged?" });
    setEnv("SESSION_SECRET", "a-different-secret-that-is-also-long-enough-987");
    const result = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: cookiesFrom(response) } }));
    expect(result.toasts).toEqual([]);
  });

  it("drops flashed data that is not a list of toasts", async () => {
    const { createCookieSessionStorage } = await import("@remix-run/node");
    const forger = createCookieSessionStorage({
      cookie: { name: "aangan_flash", secrets: [process.env.SESSION_SECRET ?? ""], path: "/" },
    });
    const session = await forger.getSession();
    session.flash("toasts", [{ kind: "fatal", title: "" }]);
    const cookie = (await forger.commitSession(session)).split(";")[0] ?? "";
    const result = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: cookie } }));
    expect(result.toasts).toEqual([]);
  });
});
