import { ticketReference } from "~/domain/wallet/request-funds.server";
import type { Db, Prisma } from "~/services/db.server";
import { describeAuditEntry } from "./describe-audit-entry";
import { isUuid } from "~/lib/uuid";
import { formatShares } from "~/lib/formats";

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { adminId: string; action: string; target: string; page: number };

export function readAuditFilters(query: URLSearchParams): AuditFilters {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return {
    adminId: isUuid(query.get("admin") ?? "") ? query.get("admin")! : "",
    action: (query.get("action") ?? "").slice(0, 60),
    // A target id, or a type ("user", "property") to see everything done to that kind of record.
    target: (query.get("target") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The audit log, newest first, filtered by admin, action and target; with the choices for the filters. */
export async function listAuditLog(db: Db, filters: AuditFilters) {
  const where: Prisma.AdminAuditLogWhereInput = {};
  if (filters.adminId) where.adminId = filters.adminId;
  if (filters.action) where.action = filters.action;
  if (filters.target) where.OR = [{ targetId: filters.target }, { targetType: filters.target }];
  const [total, rows, admins, actions] = await Promise.all([
    db.adminAuditLog.count({ where }),
    db.adminAuditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
      select: {
        id: true,
        action: true,
        targetType: true,
        targetId: true,
        details: true,
        createdAt: true,
        admin: { select: { fullName: true, email: true } },
      },
    }),
    db.userProfile.findMany({
      where: { auditEntries: { some: {} } },
      orderBy: { email: "asc" },
      select: { id: true, email: true },
    }),
    db.adminAuditLog.findMany({ distinct: ["action"], orderBy: { action: "asc" }, select: { action: true } }),
  ]);
  const targets = await targetNames(db, rows);
  return {
    rows: rows.map((row) => {
      const admin = row.admin ? (row.admin.fullName ?? row.admin.email) : "System";
      const target = targets.get(`${row.targetType}:${row.targetId}`) ?? `${row.targetType.replace(/_/g, " ")} ${row.targetId}`;
      return {
        id: row.id.toString(),
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        createdAt: row.createdAt,
        admin,
        ...describeAuditEntry({ admin, action: row.action, targetType: row.targetType, target, details: row.details }),
      };
    }),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    admins,
    actions: actions.map((a) => a.action),
  };
}

const person = (p: { fullName: string | null; email: string }) => (p.fullName ? `${p.fullName} (${p.email})` : p.email);

/** Names for the page's targets, keyed "type:id": people, properties, requests, reservations, distributions. */
async function targetNames(db: Db, rows: { targetType: string; targetId: string }[]): Promise<Map<string, string>> {
  const idsOf = (...types: string[]) => [...new Set(rows.filter((r) => types.includes(r.targetType)).map((r) => r.targetId))];
  const uuids = (ids: string[]) => ids.filter(isUuid);
  const [users, properties, tickets, reservations, distributions] = await Promise.all([
    db.userProfile.findMany({
      where: { id: { in: uuids(idsOf("user", "user_profile")) } },
      select: { id: true, fullName: true, email: true },
    }),
    db.property.findMany({ where: { id: { in: idsOf("property") } }, select: { id: true, title: true } }),
    db.supportTicket.findMany({
      where: { id: { in: uuids(idsOf("support_ticket")) } },
      select: { id: true, ticketType: true, user: { select: { fullName: true, email: true } } },
    }),
    db.shareReservation.findMany({
      where: { id: { in: uuids(idsOf("share_reservation")) } },
      select: { id: true, shares: true, property: { select: { title: true } } },
    }),
    db.propertyDistribution.findMany({
      where: { id: { in: uuids(idsOf("property_distribution")) } },
      select: { id: true, property: { select: { title: true } } },
    }),
  ]);
  const names = new Map<string, string>();
  for (const u of users) {
    names.set(`user:${u.id}`, person(u));
    names.set(`user_profile:${u.id}`, person(u));
  }
  for (const p of properties) names.set(`property:${p.id}`, `"${p.title}"`);
  for (const t of tickets) {
    const kind = TICKET_KINDS[t.ticketType] ?? "request";
    names.set(`support_ticket:${t.id}`, `the ${kind} ${ticketReference(t.id)} of ${person(t.user)}`);
  }
  for (const r of reservations)
    names.set(`share_reservation:${r.id}`, `the reservation of ${formatShares(r.shares)} of "${r.property.title}"`);
  for (const d of distributions) names.set(`property_distribution:${d.id}`, `for "${d.property.title}"`);
  return names;
}

const TICKET_KINDS: Record<string, string> = {
  add_funds: "add-funds request",
  withdraw_funds: "withdrawal request",
  subscription_request: "subscription request",
  general: "support ticket",
};
