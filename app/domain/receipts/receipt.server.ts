import PDFDocument from "pdfkit";
import { Decimal, formatINR } from "~/lib/money";
import { TRANSACTION_TYPE_LABELS, signedAmount, transactionSummary } from "~/lib/transactions";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";

export type ReceiptParty = { name: string; email: string };

/** Receipt numbers read as AAN-<date>-<first 8 of the transaction id>, stable per transaction. */
export function receiptNumber(row: Pick<HistoryRow, "id" | "createdAt">): string {
  const date = row.createdAt.slice(0, 10).replaceAll("-", "");
  return `AAN-${date}-${row.id.slice(0, 8).toUpperCase()}`;
}

export type ReceiptLine = { label: string; value: string };

/** What a receipt states, in order; shared by the PDF and the printable page. */
export function receiptLines(row: HistoryRow, investor: ReceiptParty): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: "Receipt number", value: receiptNumber(row) },
    {
      label: "Date",
      value: new Date(row.createdAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "long", timeStyle: "short" }),
    },
    { label: "Issued by", value: "Aangan" },
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
  if (row.shares !== null) lines.push({ label: "Shares", value: String(row.shares) });
  if (row.pricePerShare !== null) lines.push({ label: "Price per share", value: formatINR(row.pricePerShare, { paise: true }) });
  lines.push({ label: "Amount", value: formatINR(row.amount, { paise: true }) });
  lines.push({ label: "Platform fee", value: formatINR(row.fee, { paise: true }) });
  const total = new Decimal(row.amount).plus(row.fee);
  const direction = signedAmount(row.type, 1).isNegative() ? "paid from wallet" : "credited to wallet";
  lines.push({ label: "Total", value: `${formatINR(total, { paise: true })} (${direction})` });
  lines.push({ label: "Status", value: row.status });
  if (row.journalId) lines.push({ label: "Ledger journal", value: row.journalId });
  if (row.referenceId) lines.push({ label: "Reference", value: row.referenceId });
  return lines;
}

/** A one-page A4 PDF receipt, rendered on the server. */
export function renderReceiptPdf(row: HistoryRow, investor: ReceiptParty): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      compress: false,
      info: { Title: `Aangan receipt ${receiptNumber(row)}`, Author: "Aangan" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.font("Helvetica-Bold").fontSize(22).fillColor("#a4510b").text("Aangan");
    doc.moveDown(0.2).font("Helvetica").fontSize(11).fillColor("#555555").text("Transaction receipt");
    doc.moveDown(1.2);
    for (const line of receiptLines(row, investor)) {
      const y = doc.y;
      doc.font("Helvetica-Bold").fontSize(10).fillColor("#1f2933").text(line.label, 56, y, { width: 150 });
      // Helvetica has no rupee glyph; the PDF spells the currency out.
      doc.font("Helvetica").text(line.value.replaceAll("₹", "INR "), 210, y, { width: 330 });
      doc.moveDown(0.6);
    }
    doc
      .moveDown(2)
      .fontSize(8)
      .fillColor("#777777")
      .text("This receipt was generated from Aangan's ledger. Keep it for your records.", 56, undefined, { width: 480 });
    doc.end();
  });
}
