import type { Db, Prisma } from "~/services/db.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { adminId: string; action: string; target: string; page: number };

export function readAuditFilters(query: URLSearchParams): AuditFilters {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return {
    adminId: /^[0-9a-f-]{36}$/i.test(query.get("admin") ?? "") ? query.get("admin")! : "",
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
  return {
    rows: rows.map((row) => ({
      ...row,
      id: row.id.toString(),
      admin: row.admin ? (row.admin.fullName ?? row.admin.email) : "System",
      details: JSON.stringify(row.details),
    })),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    admins,
    actions: actions.map((a) => a.action),
  };
}
