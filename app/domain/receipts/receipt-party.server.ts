import { preparedQuery, type PreparedStatement, type Reader } from "~/services/db.server";
import type { ReceiptParty } from "./receipt.server";

// Read on every signed-in view of /fees as well as on receipts: prepared once per connection
// instead of through Prisma's client, which cost a tenth of that page's CPU (issue 32).
const READ_RECEIPT_PARTY: PreparedStatement = {
  name: "read_receipt_party",
  text: `SELECT coalesce(full_name, email) AS name, email, state_code AS "stateCode" FROM user_profiles WHERE user_id = $1::uuid`,
};

/** The investor as receipts and statements name them, with the state on record (GST place of supply). */
export async function receiptPartyOf(db: Reader, userId: string): Promise<ReceiptParty | null> {
  const [party] = await preparedQuery<ReceiptParty>(db, READ_RECEIPT_PARTY, [userId]);
  return party ?? null;
}
