import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createMarket } from "./market-test-helpers";
import { MarketError } from "./market-errors";
import { requestResale, resaleRequestSubject } from "./resale-requests.server";

const db = useTestDatabase();

describe("a holder asking for resale", () => {
  it("opens one support ticket while selling is off, refuses a second while it is open, and refuses non-holders", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false } });

    const { ticketId } = await requestResale(prisma, { userId: seller.id, propertyId: property.id });
    const ticket = await prisma.supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect([ticket.userId, ticket.ticketType, ticket.status, ticket.subject]).toEqual([
      seller.id,
      "general",
      "open",
      resaleRequestSubject("Baner Heights"),
    ]);
    expect(ticket.description).toContain("20 shares of Baner Heights");

    const again = await requestResale(prisma, { userId: seller.id, propertyId: property.id }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(MarketError);
    expect((again as MarketError).status).toBe(409);
    const stranger = await createInvestor(prisma, { balance: "100" });
    await expect(requestResale(prisma, { userId: stranger.id, propertyId: property.id })).rejects.toThrow("You hold no shares");
    expect(await prisma.supportTicket.count({ where: { subject: resaleRequestSubject("Baner Heights") } })).toBe(1);

    await prisma.supportTicket.update({ where: { id: ticketId }, data: { status: "resolved" } });
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    await expect(requestResale(prisma, { userId: seller.id, propertyId: property.id })).rejects.toThrow("already enabled");
  });
});
