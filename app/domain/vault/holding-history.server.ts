import type { Db } from "~/services/db.server";
import { holdingWindows, type HoldingWindow } from "./holding-windows";

/**
 * An investor's holding windows in a property, from the same history of completed share
 * movements the distributions replay (primary and resale purchases and transmissions in, resale
 * sales, transmissions out and a sold property's pay-out, ADR 0071). A purchase cancelled in the cooling-off window is not completed,
 * so it never held anything.
 */
export async function holdingWindowsOf(db: Db, userId: string, propertyId: string): Promise<HoldingWindow[]> {
  const rows = await db.$queryRaw<{ at: Date; shares: number }[]>`
    SELECT created_at AS at,
           (CASE WHEN transaction_type IN ('share_sale', 'transmission_out', 'exit_payout') THEN -shares ELSE shares END)::int AS shares
      FROM transactions
     WHERE user_id = ${userId}::uuid
       AND property_id = ${propertyId}
       AND status = 'completed'
       AND transaction_type IN ('investment', 'share_purchase', 'share_sale', 'transmission_in', 'transmission_out', 'exit_payout')
       AND shares IS NOT NULL
     ORDER BY created_at, id`;
  return holdingWindows(rows.map((row) => ({ at: row.at, shares: Number(row.shares) })));
}
