import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every layout (a route module that renders an <Outlet />) has its own error boundary, so a
// child that fails is shown inside its layout, with the layout's navigation, instead of
// replacing the page above it. tests/e2e/shell.spec.ts shows it in a browser for /dashboard.

const APP = path.resolve(import.meta.dirname, "../../app");
const ROUTES = path.join(APP, "routes");

const routeModules = readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx$/.test(file) && !file.includes(".test."))
  .map((file) => path.join(ROUTES, file));
const layouts = [path.join(APP, "root.tsx"), ...routeModules].filter((file) => /<Outlet\b/.test(readFileSync(file, "utf8")));

describe("layout routes", () => {
  it("are found: the root and the dashboard, waitlist dashboard and admin layouts", () => {
    const names = layouts.map((file) => path.relative(APP, file));
    expect(names).toEqual(
      expect.arrayContaining([
        "root.tsx",
        "routes/investor/dashboard.tsx",
        "routes/waitlist/waitlist-dashboard.tsx",
        "routes/admin/admin.tsx",
      ]),
    );
  });

  it.each(layouts.map((file) => [path.relative(APP, file), file]))("%s exports an ErrorBoundary", (_name, file) => {
    expect(readFileSync(file, "utf8")).toMatch(/export function ErrorBoundary\b/);
  });
});
