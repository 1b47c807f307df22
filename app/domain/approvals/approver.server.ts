import { DomainError } from "~/domain/errors";
import type { Db } from "~/services/db.server";

/** How long new admin rights must stand before their holder may approve anything (ADR 0049). */
export const APPROVER_MIN_ADMIN_HOURS = 24;

export type ApproverStanding = { mayApprove: true } | { mayApprove: false; reason: string };

type StandingRow = { is_admin: boolean; kyc_status: string; new_admin: boolean | null };

/**
 * Whether an admin may be the second pair of eyes: an admin for at least 24 hours, with
 * approved KYC. A fresh or unverified admin could otherwise be made (or be) the accomplice
 * that a four-eyes rule is there to stop. The database's clock decides the 24 hours.
 */
export async function approverStanding(db: Db, adminId: string): Promise<ApproverStanding> {
  const [row] = await db.$queryRaw<StandingRow[]>`
    SELECT is_admin, kyc_status::text AS kyc_status,
           admin_since IS NULL OR admin_since > clock_timestamp() - make_interval(hours => ${APPROVER_MIN_ADMIN_HOURS}) AS new_admin
      FROM user_profiles WHERE user_id = ${adminId}::uuid`;
  if (!row || !row.is_admin) return { mayApprove: false, reason: "Only an admin can approve requests." };
  if (row.new_admin) {
    return {
      mayApprove: false,
      reason: `Your admin rights are less than ${APPROVER_MIN_ADMIN_HOURS} hours old, so you cannot approve requests yet. Another admin must approve it.`,
    };
  }
  if (row.kyc_status !== "approved") {
    return { mayApprove: false, reason: "Your own KYC is not approved, so you cannot approve requests. Another admin must approve it." };
  }
  return { mayApprove: true };
}

export async function assertMayApprove(db: Db, adminId: string): Promise<void> {
  const standing = await approverStanding(db, adminId);
  if (!standing.mayApprove) throw new DomainError("approver_not_eligible", standing.reason, 403);
}
