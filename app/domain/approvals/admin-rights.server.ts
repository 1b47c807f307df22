import { adminFlagUnchanged } from "~/domain/admin/users/manage-user.server";
import { DomainError } from "~/domain/errors";
import type { PrismaClient } from "~/services/db.server";
import { requestApproval } from "./four-eyes.server";
import { isUuid } from "~/lib/uuid";

/**
 * Granting or removing admin rights is itself a four-eyes action (ADR 0049): the first admin
 * records the request, it waits on the approvals page, and it takes effect only when a
 * different, established admin approves it. (ADMIN_EMAILS is the operator's other way in.)
 * A request that would change nothing is refused, never queued.
 */
export async function requestAdminRightsChange(
  db: PrismaClient,
  input: { adminId: string; userId: string; grant: boolean },
): Promise<{ approvalId: string; summary: string }> {
  const user = isUuid(input.userId)
    ? await db.userProfile.findUnique({ where: { id: input.userId }, select: { id: true, isAdmin: true, fullName: true, email: true } })
    : null;
  if (!user) throw new DomainError("user_not_found", "User not found.", 404);
  if (user.isAdmin === input.grant) throw adminFlagUnchanged(input.grant);
  const who = user.fullName ? `${user.fullName} (${user.email})` : user.email;
  const summary = input.grant ? `Grant admin rights to ${who}` : `Remove admin rights from ${who}`;
  const approvalId = await requestApproval(db, {
    kind: input.grant ? "admin_grant" : "admin_revoke",
    targetId: user.id,
    amount: "0.00",
    summary,
    payload: {},
    adminId: input.adminId,
  });
  return { approvalId, summary };
}
