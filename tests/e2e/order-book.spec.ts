import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createInvestor } from "../setup/factories";
import { expect, test, type SignInAs } from "./support/fixtures";

/**
 * The two-sided market in real browsers (ADR 0074): each test arranges its own tradable
 * property (a seller who bought 20 shares at ₹100) and funded buyers on the e2e database.
 */

let prisma: PrismaClient;

function e2eDatabaseUrl(): string {
  const pid = readFileSync(path.join(path.resolve(E2E_DATA_DIR), "pg", "postmaster.pid"), "utf8").split("\n");
  return `postgresql://postgres:aangan-local@127.0.0.1:${Number(pid[3])}/aangan`;
}

test.beforeAll(async () => {
  prisma = createPrismaClient(e2eDatabaseUrl());
});

test.afterAll(async () => {
  await prisma?.$disconnect();
});

async function arrange() {
  const { property, seller } = await createMarket(prisma);
  await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: "funded", availableShares: 0 } });
  const buyer = await createInvestor(prisma, { balance: "5000" });
  const watcher = await createInvestor(prisma, { balance: "0" });
  return { property, seller, buyer, watcher };
}

async function pageFor(browser: Browser, signInAs: SignInAs, email: string, redirectTo: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAs(email as `${string}@${string}`, { page, redirectTo });
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page;
}

async function placeBid(page: Page, shares: string, maxPrice: string) {
  const book = page.getByTestId("order-book");
  await book.getByLabel("Shares", { exact: true }).fill(shares);
  await book.getByLabel("Your limit, ₹ a share at most").fill(maxPrice);
  await book.getByRole("button", { name: "Place Buy Order" }).click();
  await expect(page.getByText("Buy Order Placed")).toBeVisible();
}

test("a bid rests, a seller's ask crosses it, and buyer and watcher see the fill live", async ({ browser, signInAs }) => {
  test.setTimeout(90_000);
  const { property, seller, buyer, watcher } = await arrange();
  const trading = `/trading?property=${property.id}`;
  const buyerPage = await pageFor(browser, signInAs, buyer.email, trading);
  await placeBid(buyerPage, "3", "105");
  await expect(buyerPage.getByTestId("own-buy-order")).toContainText("Open: 3 shares at up to ₹105.00");
  await expect(buyerPage.getByTestId("bids")).toContainText("₹105.00");

  const watcherPage = await pageFor(browser, signInAs, watcher.email, trading);
  await expect(watcherPage.getByTestId("bids")).toContainText("₹105.00");
  await expect(watcherPage.getByText("No trades matched yet.")).toBeVisible();

  const sellerPage = await pageFor(browser, signInAs, seller.email, trading);
  await sellerPage.getByText("Sell Shares", { exact: true }).first().click();
  await sellerPage.getByLabel("Shares to sell").fill("3");
  await sellerPage.getByLabel("Price per share (₹)").fill("100");
  await sellerPage.getByRole("button", { name: "List Shares for Sale" }).click();
  await expect(sellerPage.getByText("Sell Order Created")).toBeVisible();

  // The resting bid's price is the trade price; neither page was reloaded by hand.
  await expect(buyerPage.getByTestId("own-buy-order")).toContainText("Filled: 3 shares at up to ₹105.00");
  await expect(buyerPage.getByTestId("trade-tape")).toContainText("3 shares at ₹105.00");
  await expect(watcherPage.getByTestId("trade-tape")).toContainText("3 shares at ₹105.00");
  await expect(watcherPage.getByTestId("bids")).toContainText("No buy orders.");
  await expect(sellerPage.getByTestId("trade-tape")).toContainText("3 shares at ₹105.00");
});

test("without JavaScript a buyer places and cancels a buy order", async ({ browser, signInAs }) => {
  const { property, buyer } = await arrange();
  const page = await pageFor(browser, signInAs, buyer.email, `/trading?property=${property.id}`, false);
  await placeBid(page, "2", "95.50");
  await expect(page.getByTestId("own-buy-order")).toContainText("Open: 2 shares at up to ₹95.50");
  await expect(page.getByTestId("own-buy-order")).toContainText("held ₹191.00");
  await page.getByRole("button", { name: "Cancel Buy Order" }).click();
  await expect(page.getByText("Buy Order Cancelled")).toBeVisible();
  await expect(page.getByTestId("own-buy-order")).toContainText("Cancelled: 2 shares at up to ₹95.50");
  const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: buyer.id } });
  expect([wallet.availableBalance.toFixed(2), wallet.heldBalance.toFixed(2)]).toEqual(["5000.00", "0.00"]);
});

test("a property whose resale is off shows its book but offers no buy order, and says why", async ({ browser, signInAs }) => {
  const { property, buyer } = await arrange();
  await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false } });
  const page = await pageFor(browser, signInAs, buyer.email, `/trading?property=${property.id}`, false);
  const book = page.getByTestId("order-book");
  await expect(book.getByTestId("buy-orders-closed")).toContainText("Trading is not enabled for this property yet.");
  await expect(book.getByRole("button", { name: "Place Buy Order" })).toHaveCount(0);
});

test("without JavaScript, Buy Now on a listing is a buy order that fills from it as a reservation", async ({ browser, signInAs }) => {
  const { property, seller, buyer } = await arrange();
  const { createSellRequest } = await import("../../app/domain/market/sell-requests.server");
  const listing = await createSellRequest(prisma, {
    sellerId: seller.id,
    propertyId: property.id,
    shares: "4",
    pricePerShare: "110",
    idempotencyKey: crypto.randomUUID(),
  });
  const page = await pageFor(browser, signInAs, buyer.email, `/trading?property=${property.id}`, false);
  await page.getByTestId("listing").getByText("Reserve", { exact: true }).click();
  await page.getByLabel(/Shares to buy/).fill("3");
  await page.getByRole("button", { name: "Reserve Shares" }).click();
  await expect(page.getByText("Shares Reserved", { exact: true })).toBeVisible();
  await expect(page.getByTestId("trade-tape")).toContainText("3 shares at ₹110.00");
  await expect(page.getByTestId("own-buy-order")).toContainText("Filled: 3 shares at up to ₹110.00");
  const fill = await prisma.shareFill.findFirstOrThrow({ where: { sellOrderId: listing.orderId, buyerId: buyer.id } });
  const reservation = await prisma.shareReservation.findUniqueOrThrow({ where: { holdId: fill.holdId! } });
  expect([fill.shares, reservation.status, reservation.amount.toFixed(2)]).toEqual([3, "active", "330.00"]);
  const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: buyer.id } });
  expect([wallet.availableBalance.toFixed(2), wallet.heldBalance.toFixed(2)]).toEqual(["4670.00", "330.00"]);
});
