import { requestWithdrawalIn } from "~/domain/wallet/request-funds.server";
import type { TicketPriority, TicketStatus, TicketType } from "~/generated/prisma/enums";
import { Decimal } from "~/lib/money";
import { demoId } from "./ids";
import { closingBalances } from "./money-plan";
import { PERSONAS, userId, type PersonaSeed } from "./personas";
import type { SeedContext } from "./context";

type TicketSeed = {
  name: string;
  persona: PersonaSeed;
  type: TicketType;
  subject: string;
  description: string;
  amount: string | null;
  priority: TicketPriority;
  status: TicketStatus;
  adminResponse: string | null;
  daysAgo: number;
};

const TICKETS: TicketSeed[] = [
  {
    name: "waitlist-add-funds",
    persona: PERSONAS.waitlist,
    type: "add_funds",
    subject: "Add funds request - ₹1,00,000",
    description: "I would like to add funds to invest in Skyline Residency when I am ready.",
    amount: "100000",
    priority: "high",
    status: "open",
    adminResponse: null,
    daysAgo: 1,
  },
  {
    name: "small-add-funds",
    persona: PERSONAS.small,
    type: "add_funds",
    subject: "Add funds request - ₹25,000",
    description: "",
    amount: "25000",
    priority: "medium",
    status: "open",
    adminResponse: null,
    daysAgo: 2,
  },
  {
    name: "large-withdraw",
    persona: PERSONAS.large,
    type: "withdraw_funds",
    subject: "Withdrawal request - ₹2,00,000",
    description: "Please transfer to my registered Tungabhadra Demo Bank account.",
    amount: "200000",
    priority: "medium",
    status: "in_progress",
    adminResponse: "Bank details verified; the payout is scheduled for the next NEFT batch.",
    daysAgo: 3,
  },
  {
    name: "explorer-subscription",
    persona: PERSONAS.explorer,
    type: "subscription_request",
    subject: "Subscription request",
    description: "I would like to upgrade to the premium plan after my trial.",
    amount: null,
    priority: "medium",
    status: "open",
    adminResponse: null,
    daysAgo: 0,
  },
  {
    name: "expired-general",
    persona: PERSONAS.expired,
    type: "general",
    subject: "My trial ended",
    description: "My trial ended before I could finish KYC. Can it be extended?",
    amount: null,
    priority: "low",
    status: "resolved",
    adminResponse: "We have noted your request; please raise a subscription request to continue.",
    daysAgo: 1,
  },
];

/**
 * Open requests for the admin's support queue; contact details are snapshotted as the form
 * does. A withdrawal goes through the investor's own request (requestWithdrawalIn), so it
 * has its hold exactly as a real one would; the others are plain rows.
 */
export async function writeSupport(context: SeedContext): Promise<void> {
  const { tx, clock, plan } = context;
  const balances = closingBalances(plan);
  const adminId = userId(PERSONAS.admin.email);
  for (const ticket of TICKETS.filter((t) => t.type === "withdraw_funds")) await writeWithdrawal(context, ticket, adminId);
  await tx.supportTicket.createMany({
    skipDuplicates: true,
    data: TICKETS.filter((t) => t.type !== "withdraw_funds").map((ticket) => {
      const createdAt = clock.daysAgo(ticket.daysAgo, 6);
      return {
        id: demoId(`ticket:${ticket.name}`),
        userId: userId(ticket.persona.email),
        ticketType: ticket.type,
        subject: ticket.subject,
        description: ticket.description,
        amount: ticket.amount,
        userContactInfo: {
          name: ticket.persona.fullName,
          phone: ticket.persona.phone,
          email: ticket.persona.email,
          request_type: ticket.type,
          requested_amount: ticket.amount,
          current_balance: (balances.get(ticket.persona.email) ?? new Decimal(0)).toFixed(2),
        },
        priority: ticket.priority,
        status: ticket.status,
        adminResponse: ticket.adminResponse,
        handledBy: ticket.adminResponse ? adminId : null,
        createdAt,
        updatedAt: ticket.adminResponse ? new Date(createdAt.getTime() + 3 * 60 * 60 * 1000) : createdAt,
      };
    }),
  });
}

async function writeWithdrawal({ tx, clock }: SeedContext, ticket: TicketSeed, adminId: string): Promise<void> {
  const id = demoId(`ticket:${ticket.name}`);
  if (await tx.supportTicket.findUnique({ where: { id }, select: { id: true } })) return;
  const createdAt = clock.daysAgo(ticket.daysAgo, 6);
  await requestWithdrawalIn(
    tx,
    {
      userId: userId(ticket.persona.email),
      amount: ticket.amount,
      description: ticket.description,
      priority: ticket.priority,
      opsRecipients: [],
    },
    createdAt,
    id,
  );
  if (ticket.status === "open") return;
  // The admin's answer, as the support page's update writes it.
  const answeredAt = new Date(createdAt.getTime() + 3 * 60 * 60 * 1000);
  await tx.supportTicket.update({
    where: { id },
    data: { status: ticket.status, adminResponse: ticket.adminResponse, handledBy: adminId, updatedAt: answeredAt },
  });
  await tx.supportTicketEvent.create({
    data: {
      ticketId: id,
      actorId: adminId,
      fromStatus: "open",
      toStatus: ticket.status,
      adminResponse: ticket.adminResponse,
      createdAt: answeredAt,
    },
  });
}
