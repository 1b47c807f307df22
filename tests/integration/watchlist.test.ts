import { describe, expect, it } from "vitest";
import { DomainError } from "../../app/domain/errors";
import { addToWatchlist, removeFromWatchlist, updateWatchlistNotes } from "../../app/domain/watchlist/watchlist.server";
import { listWatchlist } from "../../app/domain/watchlist/list-watchlist.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createProperty, createUser, newIdempotencyKey, type UserOverrides } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

type Case = { name: string; overrides: UserOverrides; allowed: boolean };
const CASES: Case[] = [
  { name: "explorer", overrides: { tier: "explorer" }, allowed: false },
  { name: "waitlist player", overrides: { tier: "waitlist_player", subscriptionActive: true }, allowed: true },
  { name: "investor (legacy tier)", overrides: { tier: "investor", subscriptionActive: true }, allowed: false },
  { name: "small investor", overrides: { tier: "small_investor", subscriptionActive: true }, allowed: true },
  { name: "large investor", overrides: { tier: "large_investor", subscriptionActive: true }, allowed: true },
  { name: "explorer, tier set by admin", overrides: { tier: "explorer", tierOverrideByAdmin: true }, allowed: false },
  { name: "waitlist player, tier set by admin", overrides: { tier: "waitlist_player", tierOverrideByAdmin: true }, allowed: false },
  { name: "small investor, tier set by admin", overrides: { tier: "small_investor", tierOverrideByAdmin: true }, allowed: true },
  { name: "large investor, tier set by admin", overrides: { tier: "large_investor", tierOverrideByAdmin: true }, allowed: true },
  { name: "admin of tier explorer", overrides: { tier: "explorer", isAdmin: true }, allowed: true },
  { name: "admin, explorer tier set by admin", overrides: { tier: "explorer", isAdmin: true, tierOverrideByAdmin: true }, allowed: true },
];

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("watchlist notes by tier", () => {
  it.each(CASES)("$name: notes allowed = $allowed", async ({ overrides, allowed }) => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, overrides);
    const property = await createProperty(prisma);
    const save = addToWatchlist(prisma, user, { propertyId: property.id, notes: "Near the metro" });
    if (allowed) {
      await save;
      expect((await listWatchlist(prisma, user.id)).map((card) => card.notes)).toEqual(["Near the metro"]);
      await updateWatchlistNotes(prisma, user, { propertyId: property.id, notes: "Changed my mind" });
      expect((await listWatchlist(prisma, user.id))[0]?.notes).toBe("Changed my mind");
    } else {
      const error = await refusal(save);
      expect(error.message).toBe("Notes feature requires waitlist player tier or higher");
      expect(await prisma.watchlistEntry.count({ where: { userId: user.id } })).toBe(0);
      // Saving without notes is for everyone.
      await addToWatchlist(prisma, user, { propertyId: property.id, notes: "  " });
      const editing = await refusal(updateWatchlistNotes(prisma, user, { propertyId: property.id, notes: "x" }));
      expect(editing.status).toBe(403);
      expect((await listWatchlist(prisma, user.id))[0]?.notes).toBe("");
    }
  });
});

describe("saving and removing", () => {
  it("answers 'Property already in watchlist' to a second save and keeps one row", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { tier: "small_investor", subscriptionActive: true });
    const property = await createProperty(prisma);
    await addToWatchlist(prisma, user, { propertyId: property.id });
    const error = await refusal(addToWatchlist(prisma, user, { propertyId: property.id }));
    expect(error.message).toBe("Property already in watchlist");
    expect(error.status).toBe(409);
    // Two saves at once: the database's unique constraint lets exactly one through.
    const other = await createProperty(prisma);
    const outcomes = await Promise.allSettled([
      addToWatchlist(prisma, user, { propertyId: other.id }),
      addToWatchlist(prisma, user, { propertyId: other.id }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.watchlistEntry.count({ where: { userId: user.id } })).toBe(2);
  });

  it("refuses notes over 500 characters and accepts exactly 500", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { tier: "waitlist_player", subscriptionActive: true });
    const property = await createProperty(prisma);
    const tooLong = await refusal(addToWatchlist(prisma, user, { propertyId: property.id, notes: "a".repeat(501) }));
    expect(tooLong.status).toBe(400);
    await addToWatchlist(prisma, user, { propertyId: property.id, notes: "₹".repeat(500) });
    expect((await listWatchlist(prisma, user.id))[0]?.notes).toHaveLength(500);
  });

  it("does not save drafts or unknown properties, and removes only one's own entry", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const draft = await createProperty(prisma, { status: "draft" });
    expect((await refusal(addToWatchlist(prisma, user, { propertyId: draft.id }))).message).toBe("Failed to add to watchlist");
    expect((await refusal(addToWatchlist(prisma, user, { propertyId: "no-such-property" }))).status).toBe(404);
    const property = await createProperty(prisma);
    await addToWatchlist(prisma, other, { propertyId: property.id });
    expect(await removeFromWatchlist(prisma, user.id, property.id)).toBe(false);
    expect(await prisma.watchlistEntry.count({ where: { userId: other.id } })).toBe(1);
    expect(await removeFromWatchlist(prisma, other.id, property.id)).toBe(true);
  });
});

describe("the watchlist's cards and its 'Watchlist Alert'", () => {
  it("flags a funded property with a live sell offer, and neither an open one nor an offer that ended", async () => {
    const prisma = db.current.prisma;
    const watcher = await createUser(prisma, { tier: "small_investor", subscriptionActive: true });
    const offer = (propertyId: string, sellerId: string) =>
      createSellRequest(prisma, { sellerId, propertyId, shares: "2", pricePerShare: "120", idempotencyKey: newIdempotencyKey() });

    // Sold out, with another investor offering shares: the banner's case.
    const funded = await createMarket(prisma);
    await offer(funded.property.id, funded.seller.id);
    await prisma.property.update({ where: { id: funded.property.id }, data: { propertyStatus: "funded", title: "Funded with offer" } });
    // Still open for purchase: an offer does not make it an alert.
    const open = await createMarket(prisma);
    await offer(open.property.id, open.seller.id);
    await prisma.property.update({ where: { id: open.property.id }, data: { title: "Open with offer" } });
    // Sold out, but the only offer has expired.
    const lapsed = await createMarket(prisma);
    const { orderId } = await offer(lapsed.property.id, lapsed.seller.id);
    await prisma.shareSellRequest.update({ where: { id: orderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await prisma.property.update({ where: { id: lapsed.property.id }, data: { propertyStatus: "funded", title: "Funded, offer lapsed" } });

    for (const { property } of [funded, open, lapsed]) await addToWatchlist(prisma, watcher, { propertyId: property.id });
    const cards = await listWatchlist(prisma, watcher.id);
    // Newest first, each with what its card shows.
    expect(cards.map((card) => [card.title, card.status, card.statusLabel, card.hasActiveSellOffers])).toEqual([
      ["Funded, offer lapsed", "funded", "SOLD OUT", false],
      ["Open with offer", "open", expect.any(String), false],
      ["Funded with offer", "funded", "SOLD OUT", true],
    ]);
    expect(cards[2]).toMatchObject({ city: "Nashik", sharePrice: "100.00", minimumInvestment: "100.00", notes: "" });
  });
});
