import { describe, expect, it } from "vitest";
import { DomainError } from "../../app/domain/errors";
import { createGeneralTicket, listOwnTickets } from "../../app/domain/support/create-general-ticket.server";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

describe("general support tickets", () => {
  it("opens a general ticket with the user's contact details and lists only one's own", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { tier: "waitlist_player", subscriptionActive: true, fullName: "Asha Rao" });
    const other = await createUser(prisma);
    await createGeneralTicket(prisma, user.id, { subject: "KYC timing", description: "How long does the review take?" });
    await createGeneralTicket(prisma, other.id, { subject: "Someone else", description: "Not for the first user's eyes" });
    const tickets = await listOwnTickets(prisma, user.id);
    expect(tickets.map((ticket) => [ticket.subject, ticket.ticketType, ticket.status, ticket.priority])).toEqual([
      ["KYC timing", "general", "open", "medium"],
    ]);
    const row = await prisma.supportTicket.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.userContactInfo).toMatchObject({ name: "Asha Rao", email: user.email, request_type: "general" });
  });

  it("refuses an empty subject with a message on that field", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const error = await createGeneralTicket(prisma, user.id, { subject: " ", description: "Something long enough" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).field).toBe("subject");
    expect((error as DomainError).status).toBe(400);
    expect(await prisma.supportTicket.count({ where: { userId: user.id } })).toBe(0);
  });
});
