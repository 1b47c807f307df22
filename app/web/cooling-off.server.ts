import { cancelPurchase } from "~/domain/investing/cancel-purchase.server";
import { coolingOff } from "~/domain/investing/cooling-off";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** Whether the purchase on a transaction's page may still be cancelled, or why not (ADR 0068). */
export async function coolingOffFor(row: HistoryRow) {
  if (row.type !== "investment" || !row.property) return null;
  const property = await getPrisma().property.findUnique({ where: { id: row.property.id }, select: { propertyStatus: true } });
  return coolingOff({
    type: row.type,
    status: row.status,
    madeAt: row.createdAt,
    propertyStatus: property?.propertyStatus ?? null,
    now: new Date(),
  });
}

/** The transaction page's Cancel Purchase form; a refusal comes back as a toast on the same page. */
export async function submitCancelPurchase(request: Request, user: SessionUser, transactionId: string) {
  const form = await readFormData(request);
  const back = isUuid(transactionId) ? paths.dashboard.transaction(transactionId) : paths.dashboard.transactions();
  if (form.get("intent") !== "cancel-purchase") return redirectWithToast(back, { kind: "error", title: "Unknown request" });
  try {
    const done = await cancelPurchase(getPrisma(), { userId: user.id, transactionId });
    return redirectWithToast(back, {
      kind: "success",
      title: "Purchase Cancelled",
      description: `${done.shares} shares of ${done.title} returned; ${formatINR(done.refunded, { paise: true })} is back in your wallet.`,
    });
  } catch (error) {
    return replyToDomainError(error, null, { otherwise: { to: back, toast: { kind: "error", title: "Cannot Cancel" } } });
  }
}
