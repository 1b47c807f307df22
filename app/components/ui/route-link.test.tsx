import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isUnderPath } from "~/lib/page-title";
import { routedClick, RouteLink } from "./route-link";

const ORIGIN = "https://aangan.example";
const plainClick = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
const anchor = (href: string, more: Partial<{ target: string; download: boolean; routeLink: string | null }> = {}) => ({
  href: new URL(href, ORIGIN).href,
  target: "",
  download: false,
  routeLink: "",
  ...more,
});

describe("routedClick", () => {
  it("follows a plain click on a marked in-app anchor with its path, query and hash", () => {
    expect(routedClick(plainClick, anchor("/dashboard/transactions/t-1?type=investment#top"), ORIGIN)).toEqual({
      to: "/dashboard/transactions/t-1?type=investment#top",
      keepScroll: false,
    });
    expect(routedClick(plainClick, anchor("/dashboard/transactions/t-1", { routeLink: "keep-scroll" }), ORIGIN)).toEqual({
      to: "/dashboard/transactions/t-1",
      keepScroll: true,
    });
  });

  it("leaves to the browser what opens elsewhere: modified or other-button clicks, targets, downloads", () => {
    for (const modifier of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(routedClick({ ...plainClick, [modifier]: true }, anchor("/fees"), ORIGIN)).toBeNull();
    }
    expect(routedClick({ ...plainClick, button: 1 }, anchor("/fees"), ORIGIN)).toBeNull();
    expect(routedClick(plainClick, anchor("/fees", { target: "_blank" }), ORIGIN)).toBeNull();
    expect(routedClick(plainClick, anchor("/fees", { target: "_self" }), ORIGIN)).not.toBeNull();
    expect(routedClick(plainClick, anchor("/statement.pdf", { download: true }), ORIGIN)).toBeNull();
  });

  it("leaves unmarked anchors, other sites and clicks a handler already took", () => {
    expect(routedClick(plainClick, anchor("/fees", { routeLink: null }), ORIGIN)).toBeNull();
    expect(routedClick(plainClick, anchor("https://scores.sebi.gov.in/"), ORIGIN)).toBeNull();
    expect(routedClick({ ...plainClick, defaultPrevented: true }, anchor("/fees"), ORIGIN)).toBeNull();
  });
});

describe("the sidebar's current section (isUnderPath, NavLink's rule)", () => {
  it("marks a section on its own page and the pages under it", () => {
    expect(isUnderPath("/dashboard/transactions", "/dashboard/transactions")).toBe(true);
    expect(isUnderPath("/dashboard/transactions/t-1", "/dashboard/transactions")).toBe(true);
    expect(isUnderPath("/Dashboard/Wallet", "/dashboard/wallet")).toBe(true);
    expect(isUnderPath("/dashboard/transactions-archive", "/dashboard/transactions")).toBe(false);
    expect(isUnderPath("/dashboard/overview", "/dashboard/transactions")).toBe(false);
    expect(isUnderPath("/fees", "/")).toBe(false);
  });
});

describe("RouteLink", () => {
  it("is a plain anchor with the marker the navigator follows", () => {
    const html = renderToStaticMarkup(
      <RouteLink to="/dashboard/p/bench-1" keepScroll className="block" aria-current="page">
        Bench
      </RouteLink>,
    );
    expect(html).toBe('<a href="/dashboard/p/bench-1" class="block" aria-current="page" data-route-link="keep-scroll">Bench</a>');
    expect(renderToStaticMarkup(<RouteLink to="/fees">Fees</RouteLink>)).toBe('<a href="/fees" data-route-link="">Fees</a>');
  });
});
