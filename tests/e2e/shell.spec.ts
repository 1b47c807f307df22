import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const waitForHydration = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

test.describe("not found", () => {
  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Aangan");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Aangan");
  });

  test("the not-found page has no accessibility violations", async ({ page }) => {
    await page.goto("/no-such-page");
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("favicons are served as files, not as the 404 page", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('head link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
    const svg = await request.get("/favicon.svg");
    expect(svg.status()).toBe(200);
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    const ico = await request.get("/favicon.ico");
    expect(ico.status()).toBe(200);
    expect(ico.headers()["content-type"]).not.toContain("text/html");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("still answers 404 with a working link home", async ({ page }) => {
      const response = await page.goto("/missing");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe("error boundary", () => {
  test("a failing route shows a safe error page with status 500", async ({ page }) => {
    const response = await page.goto("/e2e-probe/error?from=test");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Please refresh the page")).toBeVisible();
    await expect(page.getByRole("link", { name: "Refresh Page" })).toHaveAttribute("href", "/e2e-probe/error?from=test");
    await expect(page).toHaveTitle("Something Went Wrong · Aangan");
    const html = await page.content();
    expect(html).not.toContain("internal detail that must never reach the page");
    expect(html).not.toMatch(/\n\s+at \S+ \(/);
    expect(html).not.toContain("build/server");
    // The header stays, so people can still find their way.
    await expect(page.getByRole("link", { name: "Aangan", exact: true })).toBeVisible();
  });

  test("a failing dashboard page keeps the sidebar and the header, with no stack on the page", async ({ page, signInAs }) => {
    await signInAs("small@demo.aangan.in");
    const response = await page.goto("/dashboard/e2e-probe-error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("main").getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
    for (const name of ["Overview", "Wallet", "Transactions"]) {
      await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
    }
    // The layout's own data survives: the investor's properties are still listed.
    await expect(sidebar.getByRole("link", { name: "Whitefield Tech Suit…" })).toBeVisible();
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Sign Out" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain("internal detail that must never reach the page");
    expect(html).not.toMatch(/\n\s+at \S+ \(/);
    expect(html).not.toContain("build/server");

    // The navigation still works from the error.
    await waitForHydration(page);
    await sidebar.getByRole("link", { name: "Wallet", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  });

  test("a dashboard page that fails after a client-side navigation also keeps the sidebar", async ({ page, signInAs }) => {
    await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/wallet" });
    await waitForHydration(page);
    // No link leads to the probe, so the test asks the app's router to go there, as a link would.
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
        "/dashboard/e2e-probe-error",
      ),
    );
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/e2e-probe-error");
    await expect(page.getByRole("main").getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
    await expect(sidebar.getByRole("link", { name: "Whitefield Tech Suit…" })).toBeVisible();
    await expect(page.getByText("internal detail that must never reach the page")).toHaveCount(0);
    await sidebar.getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/overview");
    await expect(page.getByRole("main").getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  });

  test("Refresh Page reloads the same address", async ({ page }) => {
    await page.goto("/e2e-probe/error");
    await waitForHydration(page);
    const reload = page.waitForResponse((response) => new URL(response.url()).pathname === "/e2e-probe/error");
    await page.getByRole("link", { name: "Refresh Page" }).click();
    expect((await reload).status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  });
});

test.describe("page titles", () => {
  test("follow the path prefix", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Aangan");
    await page.goto("/properties");
    await expect(page).toHaveTitle("Properties · Aangan");
    await page.goto("/definitely-not-a-page");
    await expect(page).toHaveTitle("Page Not Found · Aangan");
  });

  test("name the dashboard page inside its section", async ({ page, signInAs }) => {
    await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/wallet" });
    await expect(page).toHaveTitle("Wallet · Dashboard · Aangan");
    await page.goto("/dashboard/transactions");
    await expect(page).toHaveTitle("Transactions · Dashboard · Aangan");
    await waitForHydration(page);
    // A client-side navigation renames the tab too.
    await page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page).toHaveTitle("Overview · Dashboard · Aangan");
  });

  test("name the admin page and keep the spec's Admin section", async ({ page, signInAs }) => {
    await signInAs("admin@demo.aangan.in", { redirectTo: "/admin/users" });
    await expect(page).toHaveTitle("User Management · Admin · Aangan");
    await page.goto("/admin");
    await expect(page).toHaveTitle("Admin · Aangan");
  });
});

test.describe("header", () => {
  test("offers signed-out visitors the public nav and Get Started", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/properties");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/welcome");
    await expect(nav.getByRole("link", { name: "Properties" })).toHaveAttribute("href", "/properties");
    await expect(nav.getByRole("link", { name: "Trading" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
  });

  test("hides the nav on the sign-in page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/auth");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the menu opens and closes with the keyboard @mobile", async ({ page }) => {
      await page.goto("/properties");
      await waitForHydration(page);
      const menuButton = page.getByRole("button", { name: "Menu" });
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      const panel = page.locator(`[id="${await menuButton.getAttribute("aria-controls")}"]`);
      await expect(panel).toBeHidden();

      for (let presses = 0; presses < 10; presses += 1) {
        if (await menuButton.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press("Tab");
      }
      await expect(menuButton).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await expect(panel.getByRole("link", { name: "Properties" })).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name: "Home" })).toBeFocused();

      await page.keyboard.press("Escape");
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toBeHidden();
      await expect(menuButton).toBeFocused();

      await page.keyboard.press("Space");
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Space");
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    });

    test("an open menu sits above a toast, so its links stay clickable @mobile", async ({ page }) => {
      // An error toast stays until dismissed, and on a phone it spans the width under the header.
      await page.goto("/e2e-probe/toast?kind=error&to=/properties");
      await expect(page).toHaveURL((url) => url.pathname === "/properties");
      const alert = page.getByRole("alert").filter({ hasText: "Probe Failed" });
      await expect(alert).toBeVisible();
      await waitForHydration(page);
      await page.getByRole("button", { name: "Menu" }).click();
      const menuLinks = page.getByRole("navigation", { name: "Main" }).getByRole("link");
      await expect(menuLinks.first()).toBeVisible();
      const toast = (await alert.boundingBox())!;
      let overlapping = 0;
      for (const link of await menuLinks.all()) {
        const box = (await link.boundingBox())!;
        if (box.y < toast.y + toast.height && toast.y < box.y + box.height) overlapping += 1;
        // What a finger at the link's centre touches is the link itself, not the toast.
        const hit = await link.evaluate(
          (element, [x, y]) => element.contains(document.elementFromPoint(x!, y!)),
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, `${await link.textContent()} is covered`).toBe(true);
      }
      // The links really lie where the toast is, so this checks stacking, not layout luck.
      expect(overlapping).toBeGreaterThan(0);
      // Playwright's click refuses an element another one covers.
      await menuLinks.filter({ hasText: "Properties" }).click({ timeout: 3_000 });
      await expect(page).toHaveURL((url) => url.pathname === "/properties");
      // Closed again, the toast is back on top of the page.
      await expect(alert).toBeVisible();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the menu still opens as a disclosure @mobile", async ({ page }) => {
        await page.goto("/properties");
        const menuLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Properties" });
        await expect(menuLink).toBeHidden();
        await page.locator("summary", { hasText: "Menu" }).click();
        await expect(menuLink).toBeVisible();
      });
    });
  });
});

test.describe("header for signed-in people", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const linkNames = async (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents();

  test("an explorer on a trial sees the basic nav, their name and Sign Out, but no Dashboard", async ({ page, signInAs }) => {
    await signInAs("explorer@demo.aangan.in");
    await page.goto("/properties");
    expect(await linkNames(page)).toEqual(["Home", "Properties"]);
    const banner = page.getByRole("banner");
    await expect(banner.getByText(/^Welcome,/).filter({ visible: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Get Started" })).toHaveCount(0);
    await expect(banner.locator('form[method="post"][action="/auth/sign-out"]').getByRole("button", { name: "Sign Out" })).toBeVisible();
    const footer = page.getByRole("navigation", { name: "Footer" });
    await expect(footer.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Welcome page" })).toHaveAttribute("href", "/welcome");
  });

  test("a waitlist player gets Trading and the waitlist dashboard", async ({ page, signInAs }) => {
    await signInAs("waitlist@demo.aangan.in");
    await page.goto("/properties");
    expect(await linkNames(page)).toEqual(["Home", "Properties", "Trading"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/waitlist-dashboard/overview");
  });

  test("an investor's Dashboard button goes to the main dashboard", async ({ page, signInAs }) => {
    await signInAs("large@demo.aangan.in");
    await page.goto("/properties");
    expect(await linkNames(page)).toContain("Trading");
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/overview");
  });

  test("an admin also sees Support and Admin Panel, and Sign Out signs them out", async ({ page, signInAs }) => {
    await signInAs("admin@demo.aangan.in");
    await page.goto("/properties");
    const names = await linkNames(page);
    expect(names).toEqual(expect.arrayContaining(["Support", "Admin Panel"]));
    const banner = page.getByRole("banner");
    // The avatar's initial (the bell's unread count is another one-character span, when an alert waits).
    const initial =
      (await banner
        .locator("span[aria-hidden=true]:not([data-testid=bell-unread])")
        .filter({ hasText: /^\S$/, visible: true })
        .textContent()) ?? "";
    const name =
      (
        await banner
          .getByText(/^Welcome,/)
          .filter({ visible: true })
          .textContent()
      )?.replace(/^Welcome,\s*/, "") ?? "";
    expect(initial).toBe(name.charAt(0).toUpperCase());

    await banner.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/properties");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
  });
});

test.describe("toasts", () => {
  // The landing page is served without React (ADR 0024; landing.spec covers its notices), so the
  // React toasts are watched on a hydrated page.
  test("a toast flashed before a redirect shows once and can be dismissed", async ({ page }) => {
    await page.goto("/e2e-probe/toast?to=/properties");
    await expect(page).toHaveURL(/\/properties$/);
    const toast = page.getByRole("status").filter({ hasText: "Probe Succeeded" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("A flashed success toast.");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Probe Succeeded")).toHaveCount(0);
  });

  // A link's data is fetched ahead when the pointer rests on it (prefetch="intent"). That fetch
  // runs the root loader too, and must not spend a toast that waits for the next page: the
  // reader never sees a prefetched answer, so a toast it took would be lost.
  test("a link's prefetch leaves a waiting toast for the page the reader opens", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);
    // The toast waits in the flash cookie, as it does between an action's answer and its redirect's load.
    const flashed = await page.request.get("/e2e-probe/toast?to=/properties", { maxRedirects: 0 });
    expect(flashed.status()).toBe(302);
    const properties = page.getByRole("banner").getByRole("link", { name: "Properties" });
    const prefetched = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
    await properties.hover();
    const prefetch = await prefetched;
    expect(await prefetch.request().headerValue("sec-purpose")).toBe("prefetch");
    await properties.click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("status").filter({ hasText: "Probe Succeeded" })).toBeVisible();
  });

  test("a success toast leaves by itself; an error toast stays as an alert", async ({ page }) => {
    await page.goto("/e2e-probe/toast?to=/properties");
    await expect(page.getByRole("status").filter({ hasText: "Probe Succeeded" })).toBeVisible();
    await expect(page.getByText("Probe Succeeded")).toHaveCount(0, { timeout: 9_000 });

    await page.goto("/e2e-probe/toast?kind=error&to=/properties");
    const alert = page.getByRole("alert").filter({ hasText: "Probe Failed" });
    await expect(alert).toBeVisible();
    await waitForHydration(page);
    const axe = await new AxeBuilder({ page }).include('section[aria-label="Notifications"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.waitForTimeout(6_000);
    await expect(alert).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a flashed toast is rendered by the server and can be dismissed", async ({ page }) => {
      await page.goto("/e2e-probe/toast?kind=error");
      const alert = page.getByRole("alert").filter({ hasText: "Probe Failed" });
      await expect(alert).toBeVisible();
      // It stays until dismissed, so it must cover nothing: it sits in the page flow,
      // above the header and the page content rather than over them.
      const header = (await page.getByRole("banner").boundingBox())!;
      const content = (await page.locator("#main-content").boundingBox())!;
      const toast = (await alert.boundingBox())!;
      expect(toast.y + toast.height).toBeLessThanOrEqual(header.y);
      expect(toast.y + toast.height).toBeLessThanOrEqual(content.y);
      await page.locator("summary", { hasText: "Dismiss notification" }).click();
      await expect(alert).toBeHidden();
    });
  });
});

test.describe("connection notices", () => {
  test("going offline and back online is announced", async ({ page, context }) => {
    await page.goto("/properties");
    await waitForHydration(page);

    await context.setOffline(true);
    const lost = page.getByRole("alert").filter({ hasText: "Connection Lost" });
    await expect(lost).toBeVisible();
    await expect(lost).toContainText("You are currently offline. Some features may be unavailable.");
    await page.waitForTimeout(5_500);
    await expect(lost).toBeVisible();

    await context.setOffline(false);
    await expect(lost).toHaveCount(0);
    const back = page.getByRole("status").filter({ hasText: "Back Online" });
    await expect(back).toBeVisible();
    await expect(back).toHaveCount(0, { timeout: 6_000 });
  });
});
