import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buttonClasses } from "./button-styles";
import { StatusButton } from "./status-button";

describe("StatusButton", () => {
  it("looks like the app's buttons and shows only its label while idle", () => {
    const html = renderToStaticMarkup(
      <StatusButton type="submit" name="intent" value="purchase" size="lg" className="flex-1" pendingText="Processing...">
        Invest Now
      </StatusButton>,
    );
    expect(html).toMatch(/^<button [^>]*>Invest Now<\/button>$/);
    for (const attribute of ['type="submit"', 'name="intent"', 'value="purchase"', `class="${buttonClasses("primary", "lg", "flex-1")}"`]) {
      expect(html).toContain(attribute);
    }
    expect(html).not.toMatch(/\sdisabled=|aria-busy/);
  });

  it("while pending is disabled, busy, spins and says what it is doing", () => {
    const html = renderToStaticMarkup(
      <StatusButton type="submit" pending pendingText="Signing in...">
        Continue with Google
      </StatusButton>,
    );
    expect(html).toMatch(/^<button (?=[^>]*type="submit")(?=[^>]*disabled="")(?=[^>]*aria-busy="true")/);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Signing in...<\/button>$/);
    expect(html).not.toContain("Continue with Google");
  });

  it("keeps its label while pending without a pending text, and is a plain button by default", () => {
    const html = renderToStaticMarkup(<StatusButton pending>Apply Filters</StatusButton>);
    expect(html).toMatch(/^<button (?=[^>]*type="button")(?=[^>]*disabled="")(?=[^>]*aria-busy="true")/);
    expect(html).toMatch(/<\/svg>Apply Filters<\/button>$/);
  });

  it("can be disabled without being busy", () => {
    const html = renderToStaticMarkup(<StatusButton disabled>Withdraw</StatusButton>);
    expect(html).toContain('disabled=""');
    expect(html).not.toContain("aria-busy");
    expect(html).not.toContain("<svg");
  });
});
