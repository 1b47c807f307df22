import { createGeneralTicket } from "~/domain/support/create-general-ticket.server";
import { hasOpenSubscriptionRequest, requestSubscriptionIn } from "~/domain/subscriptions/request-subscription.server";
import { updateTicketIn } from "~/domain/support/update-ticket.server";
import { requestDepositIn, requestWithdrawalIn } from "~/domain/wallet/request-funds.server";
import type { TicketPriority, TicketStatus } from "~/generated/prisma/enums";
import { demoId } from "./ids";
import { PERSONAS, userId, type PersonaSeed } from "./personas";
import type { SeedContext } from "./context";

type Answer = { status: Exclude<TicketStatus, "open">; adminResponse: string };
type Base = { name: string; persona: PersonaSeed; priority: TicketPriority; daysAgo: number; answer: Answer | null };
/** The fund requests and the upgrade request are worded by the domain; a general ticket by its investor. */
type TicketSeed =
  | (Base & { type: "add_funds" | "withdraw_funds"; amount: string; description: string })
  | (Base & { type: "subscription_request" })
  | (Base & { type: "general"; subject: string; description: string });

const TICKETS: TicketSeed[] = [
  {
    name: "waitlist-add-funds",
    persona: PERSONAS.waitlist,
    type: "add_funds",
    description: "I would like to add funds to invest in Skyline Residency when I am ready.",
    amount: "100000",
    priority: "high",
    answer: null,
    daysAgo: 1,
  },
  {
    name: "small-add-funds",
    persona: PERSONAS.small,
    type: "add_funds",
    description: "",
    amount: "25000",
    priority: "medium",
    answer: null,
    daysAgo: 2,
  },
  {
    name: "large-withdraw",
    persona: PERSONAS.large,
    type: "withdraw_funds",
    description: "Please transfer to my registered Tungabhadra Demo Bank account.",
    amount: "200000",
    priority: "medium",
    answer: { status: "in_progress", adminResponse: "Bank details verified; the payout is scheduled for the next NEFT batch." },
    daysAgo: 3,
  },
  {
    name: "explorer-subscription",
    persona: PERSONAS.explorer,
    type: "subscription_request",
    priority: "medium",
    answer: null,
    daysAgo: 0,
  },
  {
    name: "expired-general",
    persona: PERSONAS.expired,
    type: "general",
    subject: "My trial ended",
    description: "My trial ended before I could finish KYC. Can it be extended?",
    priority: "low",
    answer: {
      status: "resolved",
      adminResponse: "We have noted your request; please raise a subscription request to continue.",
    },
    daysAgo: 1,
  },
];

const HOUR_MS = 60 * 60 * 1000;

/**
 * Requests for the admin's support queue, each raised through the function its form calls:
 * a fund request through requestDepositIn / requestWithdrawalIn (so a withdrawal has its hold
 * and every request its contact snapshot, reference and first event, as a real one would),
 * the upgrade through requestSubscriptionIn and a general question through createGeneralTicket.
 * The admin's answer, where there is one, goes through the support page's update.
 * A ticket an earlier run raised is left alone.
 */
export async function writeSupport(context: SeedContext): Promise<void> {
  for (const ticket of TICKETS) {
    const createdAt = context.clock.daysAgo(ticket.daysAgo, 6);
    const id = await raise(context, ticket, createdAt);
    if (id && ticket.answer) await answer(context, id, ticket.answer, createdAt);
  }
}

/** The new ticket's id, or null when it is already there. */
async function raise({ tx }: SeedContext, ticket: TicketSeed, createdAt: Date): Promise<string | null> {
  const userIdOf = userId(ticket.persona.email);
  switch (ticket.type) {
    case "add_funds":
    case "withdraw_funds": {
      const id = demoId(`ticket:${ticket.name}`);
      if (await tx.supportTicket.findUnique({ where: { id }, select: { id: true } })) return null;
      const raiseIn = ticket.type === "add_funds" ? requestDepositIn : requestWithdrawalIn;
      const input = {
        userId: userIdOf,
        amount: ticket.amount,
        description: ticket.description,
        priority: ticket.priority,
        opsRecipients: [],
      };
      await raiseIn(tx, input, createdAt, id);
      return id;
    }
    case "subscription_request": {
      if (await hasOpenSubscriptionRequest(tx, userIdOf)) return null;
      const outcome = await requestSubscriptionIn(tx, userIdOf);
      if (outcome.status !== "created") throw new Error(`${ticket.name}: the upgrade request was not raised (${outcome.status})`);
      return outcome.ticketId;
    }
    case "general": {
      const existing = await tx.supportTicket.findFirst({
        where: { userId: userIdOf, ticketType: "general", subject: ticket.subject },
        select: { id: true },
      });
      if (existing) return null;
      const { id } = await createGeneralTicket(tx, userIdOf, ticket);
      // The form raises it now; the demo's was raised on its day.
      await tx.supportTicket.update({ where: { id }, data: { createdAt, updatedAt: createdAt } });
      return id;
    }
  }
}

/** The admin's answer three hours later, through the support page's own update (dated, announced by nobody). */
async function answer({ tx }: SeedContext, id: string, { status, adminResponse }: Answer, createdAt: Date): Promise<void> {
  const answeredAt = new Date(createdAt.getTime() + 3 * HOUR_MS);
  await updateTicketIn(tx, { adminId: userId(PERSONAS.admin.email), ticketId: id, status, adminResponse }, answeredAt, true);
}
