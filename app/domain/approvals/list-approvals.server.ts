import { ticketReference } from "~/domain/wallet/request-funds.server";
import { formatINR } from "~/lib/money";
import type { PrismaClient } from "~/services/db.server";
import type { ApprovalKind } from "./four-eyes.server";
import { formatRupees } from "~/lib/formats";

/** One fact the second admin needs before deciding: "Investor", "Amount", "Transfer reference"... */
export type ApprovalFact = { label: string; value: string };

export type ApprovalRow = {
  id: string;
  kind: ApprovalKind;
  targetId: string;
  amount: string;
  summary: string;
  status: string;
  requestedBy: { id: string; name: string };
  decidedBy: { id: string; name: string } | null;
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** What the approver sees: the investor, the amount, the transfer reference, the first admin's note. */
  facts: ApprovalFact[];
  /** The ticket or user the request is about, for a link. */
  ticketId: string | null;
  userId: string | null;
};

type Person = { id: string; fullName: string | null; email: string };
const named = (p: Person) => (p.fullName ? `${p.fullName} (${p.email})` : p.email);
const rupees = (value: { toFixed(n: number): string } | null) => (value === null ? "-" : formatRupees(value.toFixed(2)));

type Payload = { adminResponse?: string; receivedAmount?: string; notes?: string | null };

/** The approvals page: everything awaiting, then the latest decisions, each with the facts to decide on. */
export async function listMoneyApprovals(db: PrismaClient): Promise<{ awaiting: ApprovalRow[]; decided: ApprovalRow[] }> {
  const select = {
    id: true,
    kind: true,
    targetId: true,
    amount: true,
    summary: true,
    payload: true,
    status: true,
    decisionNote: true,
    createdAt: true,
    decidedAt: true,
    requester: { select: { id: true, fullName: true, email: true } },
    decider: { select: { id: true, fullName: true, email: true } },
  } as const;
  const [awaiting, decided] = await Promise.all([
    db.moneyApproval.findMany({ where: { status: "awaiting" }, orderBy: { createdAt: "asc" }, take: 200, select }),
    db.moneyApproval.findMany({ where: { status: { not: "awaiting" } }, orderBy: { decidedAt: "desc" }, take: 30, select }),
  ]);
  const all = [...awaiting, ...decided];
  const idsOf = (kinds: string[]) => all.filter((a) => kinds.includes(a.kind)).map((a) => a.targetId);
  const [tickets, reservations, users, transmissions, valuations, exits] = await Promise.all([
    db.supportTicket.findMany({
      where: { id: { in: idsOf(["ticket_resolve"]) } },
      select: {
        id: true,
        ticketType: true,
        amount: true,
        referenceCode: true,
        description: true,
        user: { select: { id: true, fullName: true, email: true } },
      },
    }),
    db.shareReservation.findMany({
      where: { id: { in: idsOf(["reservation_settle"]) } },
      select: {
        id: true,
        shares: true,
        pricePerShare: true,
        amount: true,
        property: { select: { title: true } },
        buyer: { select: { id: true, fullName: true, email: true } },
        seller: { select: { id: true, fullName: true, email: true } },
      },
    }),
    db.userProfile.findMany({
      where: { id: { in: idsOf(["admin_grant", "admin_revoke"]) } },
      select: { id: true, fullName: true, email: true, kycStatus: true, isAdmin: true, createdAt: true },
    }),
    db.transmission.findMany({
      where: { id: { in: idsOf(["transmission"]) } },
      select: {
        id: true,
        deathCertificateReference: true,
        deceased: { select: { id: true, fullName: true, email: true } },
        recipients: { select: { sharePercent: true, user: { select: { id: true, fullName: true, email: true, kycStatus: true } } } },
      },
    }),
    db.propertyValuation.findMany({
      where: { id: { in: idsOf(["valuation"]) } },
      select: { id: true, valuer: true, valuationDate: true, value: true, property: { select: { id: true, title: true } } },
    }),
    db.propertyExit.findMany({
      where: { id: { in: idsOf(["exit_propose", "exit_complete"]) } },
      select: {
        id: true,
        buyerName: true,
        salePrice: true,
        costs: true,
        expectedCompletionDate: true,
        note: true,
        status: true,
        property: { select: { title: true, totalShares: true } },
      },
    }),
  ]);
  const valuationById = new Map(valuations.map((v) => [v.id, v]));
  const exitById = new Map(exits.map((e) => [e.id, e]));
  const transmissionById = new Map(transmissions.map((t) => [t.id, t]));
  const ticketById = new Map(tickets.map((t) => [t.id, t]));
  const reservationById = new Map(reservations.map((r) => [r.id, r]));
  const userById = new Map(users.map((u) => [u.id, u]));

  const describe = (a: (typeof all)[number]): Pick<ApprovalRow, "facts" | "ticketId" | "userId"> => {
    const payload = (a.payload ?? {}) as Payload;
    const note = (text: string | null | undefined): ApprovalFact[] =>
      text && text.trim() ? [{ label: "First admin's note", value: text.trim() }] : [{ label: "First admin's note", value: "(none)" }];
    if (a.kind === "ticket_resolve") {
      const ticket = ticketById.get(a.targetId);
      if (!ticket) return { facts: note(payload.adminResponse), ticketId: a.targetId, userId: null };
      const deposit = ticket.ticketType === "add_funds";
      return {
        ticketId: ticket.id,
        userId: ticket.user.id,
        facts: [
          { label: "Investor", value: named(ticket.user) },
          { label: "Ticket", value: `${deposit ? "Add funds" : "Withdrawal"} request ${ticketReference(ticket.id)}` },
          { label: "Amount requested", value: rupees(ticket.amount) },
          ...(deposit
            ? [
                {
                  label: "Amount received (as recorded)",
                  value: payload.receivedAmount ? formatINR(payload.receivedAmount, { paise: true }) : "-",
                },
              ]
            : []),
          { label: deposit ? "Transfer reference (UTR remark)" : "Reference", value: ticket.referenceCode ?? ticketReference(ticket.id) },
          ...(ticket.description.trim() ? [{ label: "Investor's note", value: ticket.description.trim() }] : []),
          ...note(payload.adminResponse),
        ],
      };
    }
    if (a.kind === "reservation_settle") {
      const reservation = reservationById.get(a.targetId);
      if (!reservation) return { facts: note(payload.notes), ticketId: null, userId: null };
      return {
        ticketId: null,
        userId: reservation.buyer.id,
        facts: [
          { label: "Buyer", value: named(reservation.buyer) },
          { label: "Seller", value: named(reservation.seller) },
          { label: "Property", value: reservation.property.title },
          { label: "Shares", value: `${reservation.shares} at ${rupees(reservation.pricePerShare)}` },
          { label: "Amount", value: rupees(reservation.amount) },
          ...note(payload.notes),
        ],
      };
    }
    if (a.kind === "exit_propose" || a.kind === "exit_complete") {
      const exit = exitById.get(a.targetId);
      if (!exit) return { facts: [], ticketId: null, userId: null };
      return {
        ticketId: null,
        userId: null,
        facts: [
          { label: "Property", value: `${exit.property.title} (${exit.property.totalShares} shares)` },
          { label: "Buyer", value: exit.buyerName },
          { label: "Sale price", value: rupees(exit.salePrice) },
          { label: "Costs", value: rupees(exit.costs) },
          { label: "Net proceeds to holders", value: rupees(a.amount) },
          { label: "Expected completion", value: exit.expectedCompletionDate.toISOString().slice(0, 10) },
          { label: "Sale status", value: exit.status },
          ...note(exit.note),
        ],
      };
    }
    if (a.kind === "transmission") {
      const transmission = transmissionById.get(a.targetId);
      if (!transmission) return { facts: [], ticketId: null, userId: null };
      return {
        ticketId: null,
        userId: transmission.deceased.id,
        facts: [
          { label: "Deceased investor", value: named(transmission.deceased) },
          { label: "Death certificate", value: transmission.deathCertificateReference },
          ...transmission.recipients.map((r) => ({
            label: `Nominee (${r.sharePercent.toFixed(2)}%)`,
            value: `${named(r.user)}, KYC ${r.user.kycStatus.replace("_", " ")}`,
          })),
          { label: "Wallet to move", value: rupees(a.amount) },
        ],
      };
    }
    if (a.kind === "valuation") {
      const valuation = valuationById.get(a.targetId);
      return {
        ticketId: null,
        userId: null,
        facts: valuation
          ? [
              { label: "Property", value: valuation.property.title },
              { label: "Valuer", value: valuation.valuer },
              { label: "Valuation date", value: valuation.valuationDate.toISOString().slice(0, 10) },
              { label: "Value", value: rupees(valuation.value) },
              { label: "Report", value: `On the property's Valuations page (/admin/properties/${valuation.property.id}/valuations)` },
            ]
          : [],
      };
    }
    const user = userById.get(a.targetId);
    return {
      ticketId: null,
      userId: a.targetId,
      facts: user
        ? [
            { label: "User", value: named(user) },
            { label: "Admin now", value: user.isAdmin ? "Yes" : "No" },
            { label: "KYC", value: user.kycStatus.replace("_", " ") },
          ]
        : [],
    };
  };

  const who = (p: Person) => ({ id: p.id, name: p.fullName ?? p.email });
  const row = (a: (typeof all)[number]): ApprovalRow => ({
    id: a.id,
    kind: a.kind as ApprovalKind,
    targetId: a.targetId,
    amount: a.amount.toFixed(2),
    summary: a.summary,
    status: a.status,
    requestedBy: who(a.requester),
    decidedBy: a.decider ? who(a.decider) : null,
    decisionNote: a.decisionNote,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    ...describe(a),
  });
  return { awaiting: awaiting.map(row), decided: decided.map(row) };
}
