import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { WalletActions } from "./wallet-actions";
import { canRequestWithdrawal, openFundRequest } from "./wallet-model";

function withdrawButton(html: string): string {
  const match = html.match(/<button[^>]*value="withdraw"[^>]*>/);
  if (!match) throw new Error("no Withdraw button rendered");
  return match[0];
}

/** Remix's Form needs a data router around it, as the app's pages have. */
async function renderInRouter(element: ReactElement): Promise<string> {
  const { query, dataRoutes } = createStaticHandler([{ path: "*", element }]);
  const context = await query(new Request("http://localhost/waitlist-dashboard/wallet"));
  if (context instanceof Response) throw new Error("the static handler answered with a redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />);
}

describe("WalletActions", () => {
  it("renders Withdraw disabled for a zero, negative or missing balance", async () => {
    for (const available of ["0.00", "0", "-5.00", ""]) {
      expect(withdrawButton(await renderInRouter(<WalletActions available={available} />))).toMatch(/\sdisabled=""/);
    }
  });

  it("renders Withdraw enabled when there is money, and Add Funds always", async () => {
    const html = await renderInRouter(<WalletActions available="0.01" />);
    expect(withdrawButton(html)).not.toMatch(/\sdisabled=""/);
    expect(html).toMatch(/<button[^>]*value="add-funds"[^>]*>Add Funds<\/button>/);
  });
});

describe("wallet rules", () => {
  it("allows a withdrawal request only above zero", () => {
    expect(canRequestWithdrawal("1500.00")).toBe(true);
    for (const value of ["0.00", "-1", "", "abc", null, undefined]) expect(canRequestWithdrawal(value)).toBe(false);
  });

  it("opens the notice the URL names, never withdraw on an empty wallet", () => {
    expect(openFundRequest("add-funds", "0.00")).toBe("add-funds");
    expect(openFundRequest("withdraw", "10.00")).toBe("withdraw");
    expect(openFundRequest("withdraw", "0.00")).toBeNull();
    expect(openFundRequest("other", "10.00")).toBeNull();
    expect(openFundRequest(null, "10.00")).toBeNull();
  });
});
