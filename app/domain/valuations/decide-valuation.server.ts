import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { marketChannel } from "~/lib/live-channels";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { ValuationError } from "./valuation-error";

/**
 * A second admin approved a valuation held for four-eyes: it becomes the property's latest
 * (when its date is), audited with the approver as actor. The conditional update lets it
 * happen once.
 */
export async function recordApprovedValuation(db: PrismaClient, input: { valuationId: string; adminId: string }) {
  return runTransaction(db, "valuations.approve", async (tx) => {
    const [row] = await tx.$queryRaw<{ property_id: string; value: string; valuer: string; valuation_date: string }[]>`
      UPDATE property_valuations SET status = 'recorded', decided_by = ${input.adminId}::uuid, decided_at = clock_timestamp()
       WHERE id = ${input.valuationId}::uuid AND status = 'awaiting'
       RETURNING property_id, value::text, valuer, valuation_date::text`;
    if (!row) throw new ValuationError("valuation_not_awaiting", "This valuation is no longer awaiting approval.", 409);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "valuation.record",
      targetType: "property",
      targetId: row.property_id,
      after: { valuationId: input.valuationId, valuer: row.valuer, valuationDate: row.valuation_date, value: row.value, approved: true },
      note: "Recorded on a second admin's approval",
    });
    await publishAll([{ channel: marketChannel(row.property_id), type: "valuation", id: input.valuationId }], tx);
    return { propertyId: row.property_id };
  });
}

/** A second admin rejected it: it stays in the history as rejected and never counts. */
export async function markValuationRejected(db: PrismaClient, input: { valuationId: string; adminId: string }): Promise<void> {
  await db.$executeRaw`
    UPDATE property_valuations SET status = 'rejected', decided_by = ${input.adminId}::uuid, decided_at = clock_timestamp()
     WHERE id = ${input.valuationId}::uuid AND status = 'awaiting'`;
}
