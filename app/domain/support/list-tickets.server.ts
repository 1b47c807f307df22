import { currentBankAccount } from "~/domain/payouts/bank-accounts.server";
import { clockViews, type ClockView } from "~/domain/grievances/list-grievances.server";
import type { BankAccountView } from "~/domain/payouts/bank-account-view";
import type { Db, Prisma } from "~/services/db.server";
import { ticketReference } from "~/domain/wallet/request-funds.server";
import { TICKET_STATUSES } from "./update-ticket.server";
import { isUuid } from "~/lib/uuid";
import type { PageDirection } from "~/domain/admin/list-cursor";

export const TICKET_TYPES = ["add_funds", "withdraw_funds", "subscription_request", "general"] as const;
const PRIORITIES = ["low", "medium", "high"] as const;

export type TicketFilters = { status?: string; type?: string; priority?: string };

export type TicketListRow = {
  id: string;
  reference: string;
  subject: string;
  type: string;
  status: string;
  priority: string;
  amount: string | null;
  userName: string | null;
  userEmail: string;
  createdAt: string;
};

export type TicketDetail = TicketListRow & {
  description: string;
  adminResponse: string | null;
  referenceCode: string | null;
  receivedAmount: string | null;
  /** The UTR an admin typed for a withdrawal paid by hand. */
  bankReference: string | null;
  /** A withdrawal's payout through the provider (ADR 0064), with its bank's reference. */
  payout: {
    status: string;
    utr: string | null;
    providerPayoutId: string | null;
    failureReason: string | null;
    maskedNumber: string;
    lastError: string | null;
  } | null;
  /** For a withdrawal: the investor's current bank account and its penny drop. */
  bankAccount: BankAccountView | null;
  userPhone: string | null;
  contactInfo: unknown;
  subscriptionActive: boolean;
  updatedAt: string;
  /** A complaint or data request: its kind and clocks (ADR 0067). */
  grievance: { kind: string; clocks: ClockView[] } | null;
  history: {
    id: string;
    fromStatus: string | null;
    toStatus: string;
    adminResponse: string | null;
    note: string;
    actor: string | null;
    createdAt: string;
  }[];
};

/** Only filter values the enums know; anything else is ignored rather than failing the page. */
export function cleanFilters(raw: TicketFilters): TicketFilters {
  return {
    status: TICKET_STATUSES.find((s) => s === raw.status),
    type: TICKET_TYPES.find((t) => t === raw.type),
    priority: PRIORITIES.find((p) => p === raw.priority),
  };
}

const TICKET_ROW_INCLUDE = { user: { select: { fullName: true, email: true } } } as const;

function whereFor(filters: TicketFilters): Prisma.SupportTicketWhereInput {
  const f = cleanFilters(filters);
  return {
    ...(f.status ? { status: f.status as (typeof TICKET_STATUSES)[number] } : {}),
    ...(f.type ? { ticketType: f.type as (typeof TICKET_TYPES)[number] } : {}),
    ...(f.priority ? { priority: f.priority as (typeof PRIORITIES)[number] } : {}),
  };
}

type TicketWithUser = Prisma.SupportTicketGetPayload<{ include: typeof TICKET_ROW_INCLUDE }>;

function toListRow(t: TicketWithUser): TicketListRow {
  return {
    id: t.id,
    reference: ticketReference(t.id),
    subject: t.subject,
    type: t.ticketType,
    status: t.status,
    priority: t.priority,
    amount: t.amount?.toFixed(2) ?? null,
    userName: t.user.fullName,
    userEmail: t.user.email,
    createdAt: t.createdAt.toISOString(),
  };
}

/** Tickets with the requesting user, newest first (spec 001, section 7 Support). */
export async function listTickets(db: Db, filters: TicketFilters, limit = 200): Promise<TicketListRow[]> {
  const rows = await db.supportTicket.findMany({
    where: whereFor(filters),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    include: TICKET_ROW_INCLUDE,
  });
  return rows.map(toListRow);
}

export const TICKETS_PAGE_SIZE = 100;

export type TicketPage = {
  rows: TicketListRow[];
  /** Cursors for the neighbouring pages (the first and last ticket shown), or null at either end. */
  newer: string | null;
  older: string | null;
};

/**
 * One page of the support desk (issue 37): newest first, and every older ticket reachable from
 * the "Older tickets" link, however many there are. The page after or before a ticket is read
 * from the (created_at, id) indexes from that ticket's place, never by counting the rows before it.
 */
export async function listTicketPage(
  db: Db,
  filters: TicketFilters,
  direction: PageDirection,
  size = TICKETS_PAGE_SIZE,
): Promise<TicketPage> {
  const cursor = direction ? ("after" in direction ? direction.after : direction.before) : null;
  const backwards = Boolean(direction && "before" in direction);
  // One more than a page says whether there is anything beyond it.
  const found = await db.supportTicket.findMany({
    where: whereFor(filters),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    take: backwards ? -(size + 1) : size + 1,
    include: TICKET_ROW_INCLUDE,
  });
  const more = found.length > size;
  const rows = (backwards ? found.slice(more ? 1 : 0) : found.slice(0, size)).map(toListRow);
  const hasNewer = backwards ? more : cursor !== null;
  const hasOlder = backwards ? true : more;
  return {
    rows,
    newer: hasNewer && rows.length > 0 ? rows[0]!.id : null,
    older: hasOlder && rows.length > 0 ? rows[rows.length - 1]!.id : null,
  };
}

export async function getTicketDetail(db: Db, ticketId: string): Promise<TicketDetail | null> {
  if (!isUuid(ticketId)) return null;
  const t = await db.supportTicket.findUnique({
    where: { id: ticketId },
    include: {
      user: { select: { fullName: true, email: true, phone: true, subscriptionActive: true } },
      events: { orderBy: { id: "asc" }, include: { actor: { select: { fullName: true, email: true } } } },
      payout: { include: { bankAccount: { select: { maskedNumber: true } } } },
      grievance: { select: { kind: true, createdAt: true, acknowledgedAt: true } },
    },
  });
  if (!t) return null;
  const bankAccount = t.ticketType === "withdraw_funds" ? await currentBankAccount(db, t.userId) : null;
  return {
    id: t.id,
    reference: ticketReference(t.id),
    subject: t.subject,
    type: t.ticketType,
    status: t.status,
    priority: t.priority,
    amount: t.amount?.toFixed(2) ?? null,
    userName: t.user.fullName,
    userEmail: t.user.email,
    userPhone: t.user.phone,
    subscriptionActive: t.user.subscriptionActive,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    description: t.description,
    adminResponse: t.adminResponse,
    referenceCode: t.referenceCode,
    receivedAmount: t.receivedAmount?.toFixed(2) ?? null,
    bankReference: t.bankReference,
    payout: t.payout
      ? {
          status: t.payout.status,
          utr: t.payout.utr,
          providerPayoutId: t.payout.providerPayoutId,
          failureReason: t.payout.failureReason,
          maskedNumber: t.payout.bankAccount.maskedNumber,
          lastError: t.payout.lastError,
        }
      : null,
    bankAccount,
    contactInfo: t.userContactInfo,
    grievance: t.grievance ? { kind: t.grievance.kind, clocks: clockViews(t.grievance, t, new Date()) } : null,
    history: t.events.map((e) => ({
      id: e.id.toString(),
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      adminResponse: e.adminResponse,
      note: e.note,
      actor: e.actor ? (e.actor.fullName ?? e.actor.email) : null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
