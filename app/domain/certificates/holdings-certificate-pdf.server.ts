import PDFDocument from "pdfkit";
import { FONTS, issuerLines, writeText, type ReceiptIssuer } from "~/domain/receipts/receipt.server";
import { Decimal } from "~/lib/money";
import type { IssuedCertificate } from "./holdings-certificate.server";

const grouped = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (value: string) => `₹${grouped.format(new Decimal(value).toNumber())}`;
const istMoment = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "long", timeStyle: "short" });

export const HOLDINGS_CERTIFICATE_NOTE =
  "This certificate records what Aangan's books show you own through each property's SPV. If Aangan stops operating, " +
  "show it to the SPV or its trustee as evidence of your holding. Aangan can confirm the verification code.";

/** The holdings certificate as one A4 PDF: who, when, each holding as its own block, the wallet, the code. */
export function renderHoldingsCertificatePdf(certificate: IssuedCertificate, issuer: ReceiptIssuer): Promise<Buffer> {
  const { content, code } = certificate;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Holdings certificate ${code}`, Author: issuer.name } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
    const line = (label: string, value: string, bold = false) => {
      const y = doc.y;
      writeText(doc, label, 56, y, 170, true);
      const after = doc.y;
      writeText(doc, value, 240, y, 300, bold);
      doc.y = Math.max(after, doc.y) + 4;
    };

    doc.fillColor("#a4510b").fontSize(20);
    writeText(doc, "Aangan", 56, 56, 480, true);
    doc.fillColor("#1f2933").fontSize(14);
    writeText(doc, "Holdings certificate", 56, doc.y + 2, 480, true);
    doc.fillColor("#555555").fontSize(9);
    for (const text of issuerLines(issuer)) writeText(doc, text, 56, doc.y + 2, 480);
    doc.moveDown(1.2).fillColor("#1f2933").fontSize(10);
    line("Investor", `${content.investor.name} <${content.investor.email}>`);
    line("Issued", `${istMoment.format(new Date(content.issuedAt))} IST`);
    line("Verification code", code, true);
    doc.moveDown(0.8).fontSize(12);
    writeText(doc, "Holdings", 56, doc.y, 480, true);
    doc.moveDown(0.3).fontSize(10);
    if (content.holdings.length === 0) writeText(doc, "No shares held.", 56, doc.y, 480);
    for (const h of content.holdings) {
      if (doc.y > 700) doc.addPage();
      doc.fillColor("#1f2933");
      writeText(doc, h.property, 56, doc.y + 4, 480, true);
      doc.moveDown(0.2);
      line("SPV", h.spvName);
      line("Shares", String(h.shares));
      line("Average cost per share", rupees(h.averageCost));
      line("Cost of the shares held", rupees(h.invested));
      if (h.valuationPrice && h.value) {
        line("Value per share", `${rupees(h.valuationPrice)} (${h.priceBasis ?? "valuation rule"})`);
        line("Value of the shares held", rupees(h.value));
      }
    }
    doc.moveDown(0.8).fontSize(12);
    writeText(doc, "Wallet", 56, doc.y, 480, true);
    doc.moveDown(0.3).fontSize(10);
    line("Available balance", rupees(content.wallet.available));
    line("Held for open requests", rupees(content.wallet.held));
    doc.fillColor("#777777").fontSize(8);
    writeText(doc, HOLDINGS_CERTIFICATE_NOTE, 56, doc.y + 20, 480);
    doc.end();
  });
}
