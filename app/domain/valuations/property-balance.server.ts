import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { marketChannel } from "~/lib/live-channels";
import { parseRupees } from "~/lib/rupee-input";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { BALANCE_RULES } from "./nav";
import { ValuationError } from "./valuation-error";

/**
 * An admin sets what the property's SPV owes (debts) and keeps back (reserves): both come off
 * the latest valuation in the NAV per share. The change is audited with the figures before and
 * after; the same figures are written again as no change.
 */
export async function setPropertyBalance(
  db: PrismaClient,
  input: { adminId: string; propertyId: string; debts: unknown; reserves: unknown },
): Promise<{ changed: boolean }> {
  const debts = parseRupees(input.debts, BALANCE_RULES("Debts"));
  if (!debts.ok) throw new ValuationError("invalid_debts", debts.message, 400, "debts");
  const reserves = parseRupees(input.reserves, BALANCE_RULES("Reserves"));
  if (!reserves.ok) throw new ValuationError("invalid_reserves", reserves.message, 400, "reserves");
  return runTransaction(db, "valuations.set-balance", async (tx) => {
    const [before] = await tx.$queryRaw<{ debts: string; reserves: string }[]>`
      SELECT debts::text, reserves::text FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    if (!before) throw new ValuationError("property_not_found", "Property not found.", 404);
    const after = { debts: debts.value.toFixed(2), reserves: reserves.value.toFixed(2) };
    if (before.debts === after.debts && before.reserves === after.reserves) return { changed: false };
    await tx.property.update({ where: { id: input.propertyId }, data: after });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "property.balance",
      targetType: "property",
      targetId: input.propertyId,
      before,
      after,
    });
    await publishAll([{ channel: marketChannel(input.propertyId), type: "valuation", id: input.propertyId }], tx);
    return { changed: true };
  });
}
