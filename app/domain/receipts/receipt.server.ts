import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { gstOnFee, placeOfSupply } from "~/domain/tax/gst";
import { regionLabel } from "~/lib/india-states";
import { Decimal } from "~/lib/money";
import { statusLabel, TRANSACTION_TYPE_LABELS, transactionSummary } from "~/lib/transactions";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import { RESALE_FEE } from "~/domain/market/resale-rules";
import { walletEffect } from "~/domain/figures/wallet-effect";
import { isUuid } from "~/lib/uuid";
import { formatRupees } from "~/lib/formats";

/** The investor; `stateCode` is their state or union territory on record (GST place of supply), null when unknown. */
export type ReceiptParty = { name: string; email: string; stateCode: string | null };

/** The company that issues the receipt, from configuration. */
export type ReceiptIssuer = { name: string; address: string; cin: string; gstin: string };

/** Receipt numbers read as AAN-<date>-<first 8 of the transaction id>, stable per transaction. */
export function receiptNumber(row: Pick<HistoryRow, "id" | "createdAt">): string {
  const date = row.createdAt.slice(0, 10).replaceAll("-", "");
  return `AAN-${date}-${row.id.slice(0, 8).toUpperCase()}`;
}

export type ReceiptLine = { label: string; value: string; strong?: boolean };

export const RECEIPT_FOOTNOTE = "This is a computer-generated receipt and needs no signature.";

const istDateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** A moment as India reads it, marked IST so a printed receipt is unambiguous. */
export function formatIst(iso: string): string {
  return `${istDateTime.format(new Date(iso))} IST`;
}

/**
 * What a receipt states, in order; shared by the PDF and the printable page. No internal ids.
 * The fee includes GST, shown by place of supply (ADR 0053).
 */
export function receiptLines(row: HistoryRow, investor: ReceiptParty, issuer: Pick<ReceiptIssuer, "gstin">): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: "Receipt number", value: receiptNumber(row) },
    { label: "Date and time", value: formatIst(row.createdAt) },
    { label: "Investor", value: `${investor.name} <${investor.email}>` },
    { label: "Type", value: TRANSACTION_TYPE_LABELS[row.type] },
    {
      label: "Details",
      value: transactionSummary({
        type: row.type,
        propertyTitle: row.property?.title ?? null,
        shares: row.shares,
        description: row.description,
      }),
    },
  ];
  if (row.property) lines.push({ label: "Property", value: `${row.property.title}, ${row.property.city}` });
  if (row.property?.spvName) lines.push({ label: "Owned by (SPV)", value: row.property.spvName });
  // Rent is paid per share held: its per-share figure is the distribution's, not a price, and
  // what it pays is rent, not the shares' value.
  const rent = row.type === "dividend";
  if (row.shares !== null) lines.push({ label: rent ? "Shares held on the record date" : "Shares", value: String(row.shares) });
  if (row.pricePerShare !== null) {
    lines.push({ label: rent ? "Distribution per share" : "Price per share", value: formatRupees(row.pricePerShare) });
  }
  lines.push({ label: row.shares !== null && !rent ? "Value of shares" : "Amount", value: formatRupees(row.amount) });
  if (new Decimal(row.fee).gt(0)) {
    const place = placeOfSupply(issuer.gstin, investor.stateCode);
    const split = gstOnFee(row.fee, place);
    lines.push({ label: "Place of supply", value: regionLabel(place.recipientStateCode ?? place.supplierStateCode) });
    lines.push({ label: "Platform fee (taxable value)", value: formatRupees(split.taxable) });
    for (const head of split.heads) lines.push({ label: `${head.name} @ ${head.ratePercent}%`, value: formatRupees(head.amount) });
    lines.push({ label: "Platform fee including GST", value: formatRupees(row.fee) });
  }
  // A resale costs neither side a fee (the fees page says the same); the receipt states it.
  if (row.type === "share_purchase" || row.type === "share_sale") {
    lines.push({ label: "Resale fee", value: `${formatRupees(RESALE_FEE)} (no fee for buyer or seller)` });
  }
  const effect = walletEffect(row);
  lines.push({
    label: effect.isNegative() ? "Total debited from wallet" : "Total credited to wallet",
    value: formatRupees(effect.abs()),
    strong: true,
  });
  lines.push({ label: "Status", value: statusLabel(row.status) });
  // A bank or ticket reference the investor can quote; internal row ids are left out.
  if (row.referenceId && !isUuid(row.referenceId)) lines.push({ label: "Reference", value: row.referenceId });
  return lines;
}

/** The issuer block printed at the top of every receipt. */
export function issuerLines(issuer: ReceiptIssuer): string[] {
  return [issuer.name, issuer.address, `CIN: ${issuer.cin}`, `GSTIN: ${issuer.gstin}`];
}

// Noto Sans as fontsource ships it: basic Latin in one subset, ₹ (U+20B9) in latin-ext.
const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: number) =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);
export const FONTS = {
  regular: fontFile("latin", 400),
  bold: fontFile("latin", 700),
  rupee: fontFile("latin-ext", 400),
  rupeeBold: fontFile("latin-ext", 700),
};

/**
 * Writes text at (x, y) within `width`, switching to the subset that has ₹ for that one
 * glyph: pdfkit has no font fallback, and no single Noto subset has both.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, bold = false) {
  const parts = text.split(/(₹)/).filter((part) => part !== "");
  parts.forEach((part, index) => {
    doc.font(part === "₹" ? (bold ? "rupeeBold" : "rupee") : bold ? "bold" : "regular");
    const continued = index < parts.length - 1;
    if (index === 0) doc.text(part, x, y, { width, continued });
    else doc.text(part, { continued });
  });
}

/** A one-page A4 PDF receipt, rendered on the server. */
export function renderReceiptPdf(row: HistoryRow, investor: ReceiptParty, issuer: ReceiptIssuer): Promise<Buffer> {
  return renderReceiptLinesPdf(
    { title: "Transaction receipt", number: receiptNumber(row), lines: receiptLines(row, investor, issuer) },
    issuer,
  );
}

/** Any receipt's one A4 page: the issuer, a title, its lines (a Premium receipt uses it too). */
export function renderReceiptLinesPdf(
  receipt: { title: string; number: string; lines: ReceiptLine[] },
  issuer: ReceiptIssuer,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      info: { Title: `Receipt ${receipt.number}`, Author: issuer.name },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);

    doc.fillColor("#a4510b").fontSize(20);
    writeText(doc, "Aangan", 56, 56, 480, true);
    doc.fillColor("#1f2933").fontSize(12);
    writeText(doc, receipt.title, 56, doc.y + 2, 480, true);
    doc.fillColor("#555555").fontSize(9);
    for (const line of issuerLines(issuer)) writeText(doc, line, 56, doc.y + 2, 480);
    doc.moveDown(1.5);
    doc.fontSize(10);
    for (const line of receipt.lines) {
      const y = doc.y;
      doc.fillColor("#1f2933");
      writeText(doc, line.label, 56, y, 180, true);
      const afterLabel = doc.y;
      writeText(doc, line.value, 250, y, 290, line.strong ?? false);
      doc.y = Math.max(afterLabel, doc.y) + 6;
    }
    doc.fillColor("#777777").fontSize(8);
    writeText(doc, RECEIPT_FOOTNOTE, 56, doc.y + 24, 480);
    doc.end();
  });
}
