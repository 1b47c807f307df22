import { stringify } from "csv-stringify/sync";
import { amountText, dateText, longDateText, renderDocumentPdf, type Column } from "~/domain/statements/statement-documents.server";
import type { TaxPack, TdsCertificate, TdsPaymentLine } from "./tax-pack.server";
import { TAX_PACK_NOTES, TDS_THRESHOLD_NOTE } from "./tax-pack.server";

/** Who deducted the tax: the company and its TAN (tax deduction account number). */
export type Deductor = { name: string; address: string; tan: string };

const PAYMENT_COLUMNS: Column[] = [
  { header: "Date", width: 55 },
  { header: "Property", width: 110 },
  { header: "Section", width: 70 },
  { header: "Gross (₹)", width: 70, align: "right" },
  { header: "Rate", width: 35, align: "right" },
  { header: "TDS (₹)", width: 60, align: "right" },
  { header: "Deposited (challan)", width: 115 },
];

const paymentRows = (lines: TdsPaymentLine[]) =>
  lines.map((l) => [
    dateText(l.date),
    l.property,
    `${l.section} (${l.act.replace("Income-tax Act, ", "")} Act)`,
    amountText(l.gross),
    `${Number(l.rate)}%`,
    amountText(l.tds),
    l.challan,
  ]);

export const tdsCertificateFileName = (c: TdsCertificate) => `aangan-tds-certificate-fy-${c.financialYear}-q${c.quarter}.pdf`;

/** A quarter's TDS certificate for one investor (in the manner of Form 16A): deductor, masked PAN, each payment. */
export function renderTdsCertificatePdf(certificate: TdsCertificate, deductor: Deductor): Promise<Buffer> {
  return renderDocumentPdf(
    {
      title: `Certificate of tax deducted at source, ${certificate.label}`,
      period: `${longDateText(certificate.from)} to ${longDateText(certificate.to)} (India time)`,
      issuerLines: [`Deductor: ${deductor.name}`, deductor.address, `TAN: ${deductor.tan}`],
      investor: `Deductee: ${certificate.investor.name} <${certificate.investor.email}>, PAN ${certificate.investor.pan}`,
    },
    deductor.name,
    (w) => {
      w.heading("Payments and tax deducted");
      w.table(PAYMENT_COLUMNS, paymentRows(certificate.lines), "No payments in this quarter.");
      w.pairs([
        ["Amount paid or credited (₹)", amountText(certificate.totals.gross)],
        ["Tax deducted (₹)", amountText(certificate.totals.tds)],
      ]);
      w.paragraph(
        "Rent distributions from the property SPVs are paid as dividends. Tax is deducted when the year's distributions to you exceed the threshold, at the higher rate where no operative PAN is on record. " +
          "Form 16A from the TRACES portal is the statutory certificate; this one lists the same payments from Aangan's records.",
      );
      w.paragraph(TDS_THRESHOLD_NOTE);
    },
  );
}

export const taxPackFileName = (pack: TaxPack, ext: "pdf" | "csv") =>
  `aangan-tax-pack-${pack.figures.financialYear.replace(/^FY /, "fy-")}.${ext}`;

/** The yearly tax pack as a PDF: income by head, TDS by section and payment, capital gains, the rules cited. */
export function renderTaxPackPdf(pack: TaxPack, deductor: Deductor): Promise<Buffer> {
  const { figures } = pack;
  return renderDocumentPdf(
    {
      title: `Tax pack, ${figures.financialYear}`,
      period: `${longDateText(figures.from)} to ${longDateText(figures.to)} (India time) · ${pack.sections.act}`,
      issuerLines: [deductor.name, deductor.address, `TAN: ${deductor.tan}`],
      investor: `Investor: ${figures.investor.name} <${figures.investor.email}>, PAN ${pack.pan}`,
    },
    deductor.name,
    (w) => {
      w.heading("Income by head");
      w.table(
        [
          { header: "Head", width: 140 },
          { header: "Item", width: 265 },
          { header: "Amount (₹)", width: 110, align: "right" },
        ],
        pack.income.map((i) => [i.head, i.item, amountText(i.amount)]),
        "No income in this year.",
      );
      w.heading("Tax deducted at source, by section");
      w.table(
        [
          { header: "Act", width: 160 },
          { header: "Section", width: 100 },
          { header: "Paid or credited (₹)", width: 130, align: "right" },
          { header: "TDS (₹)", width: 125, align: "right" },
        ],
        pack.tdsBySection.map((s) => [s.act, s.section, amountText(s.gross), amountText(s.tds)]),
        "No tax was deducted from your payments in this year.",
      );
      w.heading("Payments");
      w.table(PAYMENT_COLUMNS, paymentRows(pack.tdsLines), "No distributions paid in this year since TDS began.");
      w.heading("Capital gains");
      w.pairs([
        ["Short-term gain or loss (₹)", amountText(figures.gainsTotals.shortTerm)],
        ["Long-term gain or loss (₹)", amountText(figures.gainsTotals.longTerm)],
        ["Net realised gain or loss (₹)", amountText(figures.gainsTotals.total)],
      ]);
      w.paragraph("Each sale is listed on the capital-gains statement for the same year.");
      w.heading("Rules cited");
      for (const note of TAX_PACK_NOTES(pack)) w.paragraph(note);
    },
  );
}

export const TAX_PACK_COLUMNS = ["Part", "Item", "Section", "Amount (INR)", "TDS (INR)", "Date"] as const;

/** The same tax pack as CSV (UTF-8 with BOM), one row per figure, then the rules cited. */
export function taxPackCsv(pack: TaxPack): string {
  const rows: (string | number)[][] = [
    ...pack.income.map((i) => [`Income: ${i.head}`, i.item, "", i.amount, "", ""]),
    ...pack.tdsBySection.map((s) => ["TDS by section", s.act, s.section, s.gross, s.tds, ""]),
    ...pack.tdsLines.map((l) => ["TDS payment", l.property, `${l.section} (${l.act})`, l.gross, l.tds, l.date]),
    ...pack.figures.gains.map((g) => [
      "Capital gain",
      `${g.propertyTitle}: ${g.shares} shares, ${g.term.toLowerCase()}`,
      "",
      g.gain,
      "",
      g.saleDate,
    ]),
    ["Capital gains total", "Short-term", "", pack.figures.gainsTotals.shortTerm, "", ""],
    ["Capital gains total", "Long-term", "", pack.figures.gainsTotals.longTerm, "", ""],
    [],
    [
      `${pack.figures.financialYear} (${pack.figures.from} to ${pack.figures.to}), ${pack.figures.investor.name} <${pack.figures.investor.email}>, PAN ${pack.pan}`,
    ],
    ...TAX_PACK_NOTES(pack).map((note) => [note]),
  ];
  return stringify(rows, { header: true, columns: [...TAX_PACK_COLUMNS], bom: true, record_delimiter: "windows" });
}
