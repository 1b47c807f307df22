import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { layoutPriceHistory } from "~/lib/charts/price-history-layout";
import { MarketDataPanel, type MarketDataView } from "./market-data-panel";

const empty: MarketDataView = {
  issuePrice: "100.00",
  lastTrade: null,
  volume30d: { shares: 0, value: "0.00", trades: 0 },
  openSellRequests: 0,
  bestPrice: null,
  chart: null,
};

describe("the market data panel", () => {
  it("says there are no trades yet instead of drawing an empty chart", () => {
    const html = renderToStaticMarkup(<MarketDataPanel data={empty} />);
    expect(html).toContain("No resale trades yet");
    expect(html).toContain("No open sell orders");
    expect(html).not.toContain("<svg");
  });

  it("draws settled trades as an SVG with a sentence that says what it shows", () => {
    const html = renderToStaticMarkup(
      <MarketDataPanel
        data={{
          ...empty,
          lastTrade: { price: "125.50", at: "2026-11-20T06:00:00.000Z" },
          volume30d: { shares: 5, value: "581.00", trades: 2 },
          openSellRequests: 2,
          bestPrice: "110.00",
          chart: layoutPriceHistory(
            [
              { at: "2026-11-10T06:00:00.000Z", price: "110.00" },
              { at: "2026-11-20T06:00:00.000Z", price: "125.50" },
            ],
            "100.00",
          ),
        }}
      />,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="price-history-summary"');
    expect(html).toMatch(/2 settled trades from 10 Nov 2026 to 20 Nov 2026: first ₹110\.00, last ₹125\.50/);
    expect(html).toContain("5 shares in 2 trades");
    expect(html.match(/<circle/g)).toHaveLength(2);
  });
});
