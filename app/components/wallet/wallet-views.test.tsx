import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WalletActivityList } from "./wallet-views";

const line = (description: string, amount: string, held: string) => ({
  journalId: description,
  kind: "any",
  description,
  amount,
  held,
  createdAt: "2026-12-01T06:30:00.000Z",
});

/** Each line's figure as a reader sees it: the text of the paragraph beside the description. */
function figures(html: string): string[] {
  return [...html.matchAll(/<p class="shrink-0[^"]*">([^<]*)<\/p>/g)].map((m) => m[1]!);
}

describe("WalletActivityList", () => {
  it("shows money set aside as held and money given back as released, never a bare ₹0", () => {
    const html = renderToStaticMarkup(
      <WalletActivityList
        activity={[
          line("Held for withdrawal request A95B7053", "0.00", "200000.00"),
          line("Hold cancelled", "0.00", "-1500.50"),
          line("Withdrawal paid out", "-200000.00", "-200000.00"),
          line("Funds added", "500000.00", "0.00"),
        ]}
      />,
    );
    expect(figures(html)).toEqual(["₹2,00,000 held", "₹1,500.50 released", "−₹2,00,000", "+₹5,00,000"]);
    expect(html).not.toContain(">₹0<");
  });
});
