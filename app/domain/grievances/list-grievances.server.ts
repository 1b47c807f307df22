import { ticketReference } from "~/domain/wallet/request-funds.server";
import { grievanceClocks, type GrievanceClock } from "~/lib/grievance-clocks";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/services/db.server";

export type ClockView = Omit<GrievanceClock, "dueAt" | "doneAt"> & { dueAt: string; doneAt: string | null };

export type GrievanceSummary = {
  ticketId: string;
  reference: string;
  kind: string;
  subject: string;
  status: string;
  createdAt: string;
  clocks: ClockView[];
  escalations: { reason: string; createdAt: string }[];
};

export type GrievanceDetail = GrievanceSummary & {
  description: string;
  response: string | null;
  refused: { name: string; reason: string }[];
  canEscalate: boolean;
};

const FINAL = ["resolved", "closed"];

const SELECT = {
  ticketId: true,
  kind: true,
  createdAt: true,
  acknowledgedAt: true,
  details: true,
  ticket: {
    select: { subject: true, description: true, status: true, resolvedAt: true, adminResponse: true, user: { select: { email: true } } },
  },
  escalations: { select: { reason: true, createdAt: true }, orderBy: { createdAt: "asc" as const } },
} as const;

type Row = {
  ticketId: string;
  kind: string;
  createdAt: Date;
  acknowledgedAt: Date | null;
  details: unknown;
  ticket: {
    subject: string;
    description: string;
    status: string;
    resolvedAt: Date | null;
    adminResponse: string | null;
    user: { email: string };
  };
  escalations: { reason: string; createdAt: Date }[];
};

/** A grievance's clocks as a page shows them; a reopened ticket's old resolution does not stop them. */
export function clockViews(
  grievance: { createdAt: Date; acknowledgedAt: Date | null },
  ticket: { status: string; resolvedAt: Date | null },
  now: Date,
): ClockView[] {
  const resolvedAt = FINAL.includes(ticket.status) ? ticket.resolvedAt : null;
  const clocks = grievanceClocks({ createdAt: grievance.createdAt, acknowledgedAt: grievance.acknowledgedAt, resolvedAt }, now);
  return clocks.map((c) => ({ ...c, dueAt: c.dueAt.toISOString(), doneAt: c.doneAt?.toISOString() ?? null }));
}

function summarise(row: Row, now: Date): GrievanceSummary {
  return {
    ticketId: row.ticketId,
    reference: ticketReference(row.ticketId),
    kind: row.kind,
    subject: row.ticket.subject,
    status: row.ticket.status,
    createdAt: row.createdAt.toISOString(),
    clocks: clockViews(row, row.ticket, now),
    escalations: row.escalations.map((e) => ({ reason: e.reason, createdAt: e.createdAt.toISOString() })),
  };
}

/** The investor's own complaints and data requests, newest first, with their clocks. */
export async function listOwnGrievances(db: Db, userId: string, now: Date): Promise<GrievanceSummary[]> {
  const rows = await db.grievance.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 100, select: SELECT });
  return rows.map((row) => summarise(row, now));
}

export type DataRequestSummary = GrievanceSummary & { refused: { name: string; reason: string }[] };

function refusedOf(details: unknown): { name: string; reason: string }[] {
  return ((details ?? {}) as { refused?: { name: string; reason: string }[] }).refused ?? [];
}

/** The user's own correction and erasure requests (DPDP), newest first, with their clocks and what was refused. */
export async function listOwnDataRequests(db: Db, userId: string, now: Date): Promise<DataRequestSummary[]> {
  const rows = await db.grievance.findMany({
    where: { userId, kind: { in: ["correction", "erasure"] } },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: SELECT,
  });
  return rows.map((row) => ({ ...summarise(row, now), refused: refusedOf(row.details) }));
}

/** One of the investor's own grievances; null when the id is not theirs (or not an id). */
export async function getOwnGrievance(db: Db, userId: string, ticketId: string, now: Date): Promise<GrievanceDetail | null> {
  if (!isUuid(ticketId)) return null;
  const row = await db.grievance.findFirst({ where: { ticketId, userId }, select: SELECT });
  if (!row) return null;
  return {
    ...summarise(row, now),
    description: row.ticket.description,
    response: row.ticket.adminResponse,
    refused: refusedOf(row.details),
    canEscalate: !FINAL.includes(row.ticket.status) && !row.escalations.some((e) => e.reason === "investor"),
  };
}

export type OpenGrievance = GrievanceSummary & { userEmail: string; ageHours: number };

/** Every open grievance, oldest first, for the admin's grievances page. */
export async function listOpenGrievances(db: Db, now: Date): Promise<OpenGrievance[]> {
  const rows = await db.grievance.findMany({
    where: { ticket: { status: { in: ["open", "in_progress"] } } },
    orderBy: { createdAt: "asc" },
    take: 500,
    select: SELECT,
  });
  return rows.map((row) => ({
    ...summarise(row, now),
    userEmail: row.ticket.user.email,
    ageHours: Math.floor((now.getTime() - row.createdAt.getTime()) / 3_600_000),
  }));
}
