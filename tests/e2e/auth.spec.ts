import { expect, test, type Page } from "@playwright/test";

/** The demo personas (seeded by prisma/seed) and where the spec says each lands after sign-in. */
const PERSONAS = [
  { email: "explorer@demo.aangan.in", lands: "/welcome", text: /Your free trial has \d+ days? left/ },
  { email: "expired@demo.aangan.in", lands: "/trial-expired", text: /Your free trial has ended/ },
  { email: "waitlist@demo.aangan.in", lands: "/welcome", text: /You have Premium access/ },
  { email: "small@demo.aangan.in", lands: "/welcome", text: /You have Premium access/ },
  { email: "large@demo.aangan.in", lands: "/welcome", text: /You have Premium access/ },
  // Admins land on their panel, not on the investor's welcome page.
  { email: "admin@demo.aangan.in", lands: "/admin", text: /^Total users$/ },
  { email: "kyc-pending@demo.aangan.in", lands: "/welcome", text: /Your free trial has \d+ days? left/ },
] as const;

async function startSignIn(page: Page, authPath = "/auth") {
  await page.goto(authPath);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/oauth-stand-in\/authorize\?/);
}

async function signInAs(page: Page, email: string, authPath = "/auth") {
  await startSignIn(page, authPath);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

for (const persona of PERSONAS) {
  test(`${persona.email} signs in through the stand-in and lands on ${persona.lands}`, async ({ page }) => {
    await signInAs(page, persona.email);
    await expect(page).toHaveURL((url) => url.pathname === persona.lands);
    await expect(page.getByText(persona.text)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Welcome back" })).toBeVisible();
  });
}

test("a new address signs up through the Email form and is welcomed aboard", async ({ page }) => {
  const email = `new-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
  await startSignIn(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/welcome");
  await expect(page.getByRole("heading", { name: `Welcome, ${email.split("@")[0]}!` })).toBeVisible();
  await expect(page.getByText("Your free trial has 14 days left.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Welcome aboard" })).toBeVisible();

  // Premium is paid through the gateway (ADR 0063); asking the team instead is a waiver request.
  await expect(page.getByRole("button", { name: "Pay ₹999.00 for Premium" })).toBeVisible();
  await page.getByRole("button", { name: "Cannot pay? Request a waiver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request Submitted Successfully" })).toBeVisible();
  await expect(page.getByText("Waiver requested. Our team will contact you soon.")).toBeVisible();
});

test("the sign-in button says Signing in... while busy", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The sign-in request waits until the busy button has been seen (a fixed delay can pass
  // unseen on a loaded machine), then goes through.
  let letThrough!: () => void;
  const seen = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/auth/google*", async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  letThrough();
  await expect(page).toHaveURL(/\/oauth-stand-in\/authorize\?/);
});

test("signing out ends the session and says Goodbye", async ({ page }) => {
  await signInAs(page, "expired@demo.aangan.in");
  await expect(page).toHaveURL((url) => url.pathname === "/trial-expired");
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("status").filter({ hasText: "Goodbye" })).toBeVisible();
  await page.goto("/welcome");
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/welcome");
});

test("a forged state is refused with the Authentication Error screen", async ({ page, context }) => {
  await startSignIn(page);
  // A genuine code from the stand-in, but sent back with a state this browser never got.
  await page.route("**/oauth-stand-in/authorize*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    const callback = new URL(answer.headers()["location"]!);
    callback.searchParams.set("state", "forged-state");
    await route.fulfill({ status: 302, headers: { Location: callback.toString() } });
  });
  await page.getByRole("button", { name: /explorer@demo\.aangan\.in/ }).click();
  await expect(page.getByRole("heading", { name: "Authentication Error" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/google\/callback\?/);
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/auth");
  const cookies = await context.cookies();
  expect(cookies.some((cookie) => cookie.name.includes("aangan_session"))).toBe(false);
  await page.unrouteAll();
  await page.goto("/welcome");
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
});

test("redirectTo=https://evil.example is ignored, a same-origin one is honoured", async ({ page, context }) => {
  await signInAs(page, "small@demo.aangan.in", `/auth?redirectTo=${encodeURIComponent("https://evil.example")}`);
  await expect(page).toHaveURL((url) => url.origin === new URL(page.url()).origin && url.pathname === "/welcome");
  expect(page.url()).not.toContain("evil.example");

  await context.clearCookies();
  // (Not /kyc: this investor's KYC is approved, and approved investors are sent on from it.)
  await page.goto("/dashboard/wallet");
  expect(pathOf(page)).toBe("/auth?redirectTo=%2Fdashboard%2Fwallet");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: /small@demo\.aangan\.in/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/wallet");
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in and sign-out still work", async ({ page }) => {
    await signInAs(page, "large@demo.aangan.in");
    await expect(page).toHaveURL((url) => url.pathname === "/welcome");
    await expect(page.getByRole("heading", { name: "Welcome, Vikram!" })).toBeVisible();
    // Without JavaScript the flashed "Welcome back" toast cannot close and covers the header;
    // it is shown once, so the next page is clear.
    await page.goto("/welcome");
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/dashboard/overview");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
  });
});
