import type { Tx } from "~/services/db.server";

/**
 * Whether a sale of the property was agreed, so no share of it trades any more (ADR 0071).
 * The property's row is locked FOR SHARE first, as the database's exit_refuse_trading does: a
 * command that then locks a position keeps the lock order property → position that
 * stopTradingForExit follows, and waits for an agreement under way instead of racing it. The
 * sale is read by a second statement, whose snapshot sees what that agreement committed.
 */
export async function tradingStoppedForExit(tx: Tx, propertyId: string): Promise<boolean> {
  await tx.$queryRaw`SELECT id FROM properties WHERE id = ${propertyId} FOR SHARE`;
  const [row] = await tx.$queryRaw<{ stopped: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM property_exits WHERE property_id = ${propertyId} AND trading_stopped_at IS NOT NULL) AS stopped`;
  return row?.stopped ?? false;
}
