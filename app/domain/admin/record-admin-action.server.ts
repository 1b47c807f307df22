import type { Prisma, Tx } from "~/services/db.server";

export type AdminAction = {
  adminId: string;
  /** What was done, as a verb phrase: "kyc.approve", "ticket.resolve", ... */
  action: string;
  targetType: string;
  targetId: string;
  /** The target's state before and after, as far as the action changed it. */
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
  note?: string;
  /** When it was done, if not now (demo data written through the domain, back-dated). */
  at?: Date;
};

/**
 * Writes one entry of the admin audit log: who did what to which record, when, and what
 * it looked like before and after. Takes the command's own transaction, so a decision and
 * its audit entry are written together or not at all.
 */
export async function recordAdminAction(tx: Tx, entry: AdminAction): Promise<void> {
  await tx.adminAuditLog.create({
    data: {
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: { before: entry.before ?? null, after: entry.after ?? null, note: entry.note ?? null },
      createdAt: entry.at,
    },
  });
}
