import type { Db } from "~/services/db.server";
import type { ReceiptParty } from "./receipt.server";

/** The investor as receipts and statements name them, with the state on record (GST place of supply). */
export async function receiptPartyOf(db: Db, userId: string): Promise<ReceiptParty | null> {
  const profile = await db.userProfile.findUnique({ where: { id: userId }, select: { fullName: true, email: true, stateCode: true } });
  return profile ? { name: profile.fullName ?? profile.email, email: profile.email, stateCode: profile.stateCode } : null;
}
