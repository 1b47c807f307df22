import { receiptPartyOf } from "~/domain/receipts/receipt-party.server";
import { formatIst, renderReceiptLinesPdf, type ReceiptIssuer, type ReceiptLine } from "~/domain/receipts/receipt.server";
import { placeOfSupply } from "~/domain/tax/gst";
import { formatRupees } from "~/lib/formats";
import { regionLabel } from "~/lib/india-states";
import type { Db } from "~/services/db.server";
import { premiumQuote } from "./premium-quote";

export type PremiumReceipt = { number: string; lines: ReceiptLine[] };

const istDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "long", year: "numeric" });

/**
 * The receipt of one of the user's own paid Premium periods, or null (another user's, a waiver,
 * an unknown id: the route answers 404 alike). The GST split is Premium's one computation, by
 * the state on record when it is printed (as every receipt, ADR 0053).
 */
export async function getOwnPremiumReceipt(
  db: Db,
  userId: string,
  subscriptionId: string,
  issuer: ReceiptIssuer,
): Promise<PremiumReceipt | null> {
  const period = await db.subscription.findFirst({
    where: { id: subscriptionId, userId, source: "payment" },
    include: {
      paymentOrder: { select: { providerPaymentId: true, method: true, creditedAt: true, premiumPrice: { select: { months: true } } } },
    },
  });
  const investor = period ? await receiptPartyOf(db, userId) : null;
  if (!period || !investor || !period.amount || !period.endsAt || !period.receiptNumber || !period.paymentOrder?.premiumPrice) return null;
  const quote = premiumQuote({ price: period.amount, months: period.paymentOrder.premiumPrice.months }, issuer.gstin, investor.stateCode);
  const place = placeOfSupply(issuer.gstin, investor.stateCode);
  const lines: ReceiptLine[] = [
    { label: "Receipt number", value: period.receiptNumber },
    { label: "Date and time", value: formatIst((period.paymentOrder.creditedAt ?? period.createdAt).toISOString()) },
    { label: "Investor", value: `${investor.name} <${investor.email}>` },
    { label: "Service", value: `Aangan Premium subscription, ${quote.months} ${quote.months === 1 ? "month" : "months"}` },
    { label: "Period", value: `${istDate.format(period.startsAt)} to ${istDate.format(period.endsAt)}` },
    { label: "Place of supply", value: regionLabel(place.recipientStateCode ?? place.supplierStateCode) },
    { label: "Taxable value", value: formatRupees(quote.taxable) },
    ...quote.heads.map((head) => ({ label: `${head.name} @ ${head.ratePercent}%`, value: formatRupees(head.amount) })),
    { label: "Total paid (GST included)", value: formatRupees(quote.price), strong: true },
  ];
  if (period.paymentOrder.providerPaymentId) lines.push({ label: "Payment reference", value: period.paymentOrder.providerPaymentId });
  if (period.cancelledAt) lines.push({ label: "Status", value: `Ended early on ${istDate.format(period.cancelledAt)}` });
  return { number: period.receiptNumber, lines };
}

export function renderPremiumReceiptPdf(receipt: PremiumReceipt, issuer: ReceiptIssuer): Promise<Buffer> {
  return renderReceiptLinesPdf({ title: "Premium subscription receipt", number: receipt.number, lines: receipt.lines }, issuer);
}
