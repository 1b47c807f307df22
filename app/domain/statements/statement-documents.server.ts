import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";
import { Decimal } from "~/lib/money";
import { FONTS, issuerLines, writeText, type ReceiptIssuer } from "~/domain/receipts/receipt.server";
import { gstOnFees, placeOfSupply } from "~/domain/tax/gst";
import { regionLabel } from "~/lib/india-states";
import { VALUATION_RULE } from "~/domain/figures/valuation.server";
import { COST_METHOD, NOT_TAX_ADVICE, istDateOf, type StatementFigures } from "./statement-figures";

const grouped = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as both documents print it: Indian digit grouping, two decimals, no symbol (the column says ₹). */
export function amountText(value: Decimal.Value): string {
  return grouped.format(new Decimal(value).toNumber());
}

export const statementFileName = (
  kind: "account-statement" | "capital-gains" | "holdings",
  figures: StatementFigures,
  ext: "pdf" | "csv",
) => `aangan-${kind}-${figures.financialYear.replace(/^FY /, "fy-")}.${ext}`;

/** The capital-gains CSV columns, in order. */
export const CAPITAL_GAINS_COLUMNS = [
  "Property",
  "Sale date",
  "Acquired from",
  "Acquired to",
  "Shares",
  "Sale price (INR)",
  "Transfer costs (INR)",
  "Average cost per share (INR)",
  "Cost of acquisition (INR)",
  "Gain or loss (INR)",
  "Holding period (days)",
  "Term",
] as const;

/** The capital-gains statement as CSV (UTF-8 with BOM for spreadsheet apps): one line per row, totals, then the rule applied. */
export function capitalGainsCsv(figures: StatementFigures): string {
  const rows: (string | number)[][] = figures.gains.map((g) => [
    g.propertyTitle,
    g.saleDate,
    g.acquiredFrom,
    g.acquiredTo,
    g.shares,
    g.salePrice,
    g.transferCosts,
    g.averageCostPerShare,
    g.costOfAcquisition,
    g.gain,
    g.holdingDays,
    g.term,
  ]);
  const t = figures.gainsTotals;
  rows.push([]);
  rows.push(["Total", "", "", "", "", t.salePrice, t.transferCosts, "", t.cost, t.total, "", ""]);
  rows.push(["Short-term total", "", "", "", "", "", "", "", "", t.shortTerm, "", ""]);
  rows.push(["Long-term total", "", "", "", "", "", "", "", "", t.longTerm, "", ""]);
  rows.push([]);
  rows.push([`${figures.financialYear} (${figures.from} to ${figures.to}), ${figures.investor.name} <${figures.investor.email}>`]);
  rows.push([figures.capitalGainsRule]);
  rows.push([COST_METHOD]);
  rows.push([NOT_TAX_ADVICE]);
  return stringify(rows, { header: true, columns: [...CAPITAL_GAINS_COLUMNS], bom: true, record_delimiter: "windows" });
}

/** Each holding's price in words: "Figures Residency: the last settled resale price; …". */
function holdingBases(figures: StatementFigures): string {
  return figures.holdings.map((h) => `${h.propertyTitle}: ${h.priceBasis ?? "no price"}`).join("; ");
}

/** The holdings CSV columns, in order. */
export const HOLDINGS_COLUMNS = [
  "Property",
  "Shares",
  "Cost (INR)",
  "Average cost (INR)",
  "Price per share (INR)",
  "Price used",
  "Value (INR)",
] as const;

/** The statement's holdings as CSV: each one valued as on the position page, with the price it used, then the total. */
export function holdingsCsv(figures: StatementFigures): string {
  const rows: (string | number)[][] = figures.holdings.map((h) => [
    h.propertyTitle,
    h.shares,
    h.cost,
    h.averageCost,
    h.price ?? "",
    h.priceBasis ?? "",
    h.value ?? "",
  ]);
  rows.push([]);
  rows.push(["Total", "", "", "", "", "", figures.holdingsValue]);
  rows.push([]);
  rows.push([
    `Holdings on ${figures.holdingsOn}, valued at prices of ${figures.valuedOn}; ${figures.investor.name} <${figures.investor.email}>`,
  ]);
  rows.push([VALUATION_RULE]);
  return stringify(rows, { header: true, columns: [...HOLDINGS_COLUMNS], bom: true, record_delimiter: "windows" });
}

export type Column = { header: string; width: number; align?: "left" | "right" };

const fontFor = (part: string, bold: boolean) => (part === "₹" ? (bold ? "rupeeBold" : "rupee") : bold ? "bold" : "regular");

const indianDate = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" });
const longDate = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
/** "2026-03-31" → "31/03/2026", as Indian documents write a date. */
export const dateText = (iso: string) => indianDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
/** "2026-03-31" → "31 March 2026". */
export const longDateText = (iso: string) => longDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

const LEFT = 40;
const BOTTOM = 780;

export class Writer {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  heading(text: string) {
    this.room(60);
    this.doc.fillColor("#1f2933").fontSize(12);
    writeText(this.doc, text, LEFT, this.doc.y + 12, 515, true);
    this.doc.y += 4;
  }

  paragraph(text: string, size = 8) {
    this.room(30);
    this.doc.fillColor("#444444").fontSize(size);
    writeText(this.doc, text, LEFT, this.doc.y + 2, 515);
  }

  pairs(rows: [string, string][]) {
    this.doc.fontSize(9);
    for (const [label, value] of rows) {
      this.room(16);
      const y = this.doc.y + 2;
      this.doc.fillColor("#1f2933");
      writeText(this.doc, label, LEFT, y, 220);
      const after = this.doc.y;
      writeText(this.doc, value, 270, y, 150, true);
      this.doc.y = Math.max(after, this.doc.y);
    }
  }

  table(columns: Column[], rows: string[][], empty: string) {
    if (rows.length === 0) {
      this.paragraph(empty, 9);
      return;
    }
    this.row(
      columns,
      columns.map((c) => c.header),
      true,
    );
    for (const row of rows) this.row(columns, row, false);
  }

  private row(columns: Column[], cells: string[], bold: boolean) {
    this.room(24);
    this.doc.fillColor(bold ? "#1f2933" : "#333333").fontSize(7.5);
    const y = this.doc.y + 3;
    let x = LEFT;
    let bottom = y;
    columns.forEach((column, index) => {
      const text = cells[index] ?? "";
      this.doc.font(bold ? "bold" : "regular");
      if (column.align === "right") {
        // Right-aligned by measuring each part in its own font, so a ₹ gets the subset that has it.
        const width = text
          .split(/(₹)/)
          .filter((part) => part !== "")
          .reduce((sum, part) => sum + this.doc.font(fontFor(part, bold)).widthOfString(part), 0);
        writeText(this.doc, text, x + Math.max(0, column.width - 4 - width), y, column.width - 4, bold);
      } else {
        writeText(this.doc, text, x, y, column.width - 4, bold);
      }
      bottom = Math.max(bottom, this.doc.y);
      x += column.width;
    });
    this.doc.y = bottom;
  }

  private room(needed: number) {
    if (this.doc.y + needed > BOTTOM) {
      this.doc.addPage();
      this.doc.y = 48;
    }
  }
}

function render(title: string, figures: StatementFigures, issuer: ReceiptIssuer, body: (w: Writer) => void): Promise<Buffer> {
  return renderDocumentPdf(
    {
      title: `${title}, ${figures.financialYear}`,
      period: `${longDateText(figures.from)} to ${longDateText(figures.to)} (India time)`,
      issuerLines: issuerLines(issuer),
      investor: `Investor: ${figures.investor.name} <${figures.investor.email}>`,
    },
    issuer.name,
    body,
  );
}

/** An A4 document with Aangan's heading, its title, period and issuer, then the body (the TDS documents use it too). */
export function renderDocumentPdf(
  head: { title: string; period: string; issuerLines: string[]; investor: string },
  author: string,
  body: (w: Writer) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: LEFT, info: { Title: head.title, Author: author } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
    doc.fillColor("#a4510b").fontSize(18);
    writeText(doc, "Aangan", LEFT, 40, 515, true);
    doc.fillColor("#1f2933").fontSize(12);
    writeText(doc, head.title, LEFT, doc.y + 2, 515, true);
    doc.fillColor("#555555").fontSize(8);
    writeText(doc, head.period, LEFT, doc.y + 2, 515);
    for (const line of head.issuerLines) writeText(doc, line, LEFT, doc.y + 1, 515);
    doc.fillColor("#1f2933").fontSize(9);
    writeText(doc, head.investor, LEFT, doc.y + 6, 515);
    body(new Writer(doc));
    doc.end();
  });
}

const GAIN_COLUMNS: Column[] = [
  { header: "Property", width: 75 },
  { header: "Sale date", width: 52 },
  { header: "Acquired", width: 52 },
  { header: "Shares", width: 30, align: "right" },
  { header: "Sale price (₹)", width: 52, align: "right" },
  { header: "Transfer costs (₹)", width: 44, align: "right" },
  { header: "Avg cost/share (₹)", width: 46, align: "right" },
  { header: "Cost incl. fees (₹)", width: 52, align: "right" },
  { header: "Gain or loss (₹)", width: 52, align: "right" },
  { header: "Days", width: 24, align: "right" },
  { header: "Term", width: 36 },
];

function gainRows(figures: StatementFigures): string[][] {
  return figures.gains.map((g) => [
    g.propertyTitle,
    dateText(g.saleDate),
    g.acquiredFrom === g.acquiredTo ? dateText(g.acquiredFrom) : `${dateText(g.acquiredFrom)} to ${dateText(g.acquiredTo)}`,
    String(g.shares),
    amountText(g.salePrice),
    amountText(g.transferCosts),
    amountText(g.averageCostPerShare),
    amountText(g.costOfAcquisition),
    amountText(g.gain),
    String(g.holdingDays),
    g.term,
  ]);
}

function gainTotals(w: Writer, figures: StatementFigures) {
  const t = figures.gainsTotals;
  w.pairs([
    ["Total sale price (₹)", amountText(t.salePrice)],
    ["Total transfer costs (₹)", amountText(t.transferCosts)],
    ["Total cost of acquisition, fees included (₹)", amountText(t.cost)],
    ["Short-term gain or loss (₹)", amountText(t.shortTerm)],
    ["Long-term gain or loss (₹)", amountText(t.longTerm)],
    ["Net realised gain or loss (₹)", amountText(t.total)],
  ]);
}

function notes(w: Writer, figures: StatementFigures) {
  w.heading("Rules applied");
  w.paragraph(figures.capitalGainsRule);
  w.paragraph(COST_METHOD);
  w.paragraph(NOT_TAX_ADVICE);
}

/** The GST inside the year's platform fees, by place of supply, with the same heads as each receipt (ADR 0053). */
export function statementGstLines(figures: StatementFigures, issuer: Pick<ReceiptIssuer, "gstin">): [string, string][] {
  const place = placeOfSupply(issuer.gstin, figures.investor.stateCode);
  const split = gstOnFees(figures.platformFees, place);
  const total = figures.platformFees.reduce((sum, fee) => sum.plus(fee), new Decimal(0));
  return [
    ["Place of supply", regionLabel(place.recipientStateCode ?? place.supplierStateCode)],
    ["Platform fees including GST (₹)", amountText(total)],
    ["Taxable value (₹)", amountText(split.taxable)],
    ...split.heads.map((head): [string, string] => [`${head.name} @ ${head.ratePercent}% (₹)`, amountText(head.amount)]),
    ["Total GST (₹)", amountText(split.gst)],
  ];
}

/** The yearly account statement: balances, every movement, holdings, distributions and realised gains. */
export function renderAccountStatementPdf(figures: StatementFigures, issuer: ReceiptIssuer): Promise<Buffer> {
  return render("Account statement", figures, issuer, (w) => {
    w.heading("Summary");
    w.pairs([
      ["Opening wallet balance (₹)", amountText(figures.openingBalance)],
      ["Money in (₹)", amountText(figures.totalIn)],
      ["Money out (₹)", amountText(figures.totalOut)],
      ["Closing wallet balance (₹)", amountText(figures.closingBalance)],
      ["Distributions received (₹)", amountText(figures.distributionsTotal)],
      ["Net realised gain or loss (₹)", amountText(figures.gainsTotals.total)],
    ]);
    w.heading("Wallet movements");
    w.table(
      [
        { header: "Date", width: 60 },
        { header: "Type", width: 80 },
        { header: "Description", width: 215 },
        { header: "Amount (₹)", width: 80, align: "right" },
        { header: "Balance (₹)", width: 80, align: "right" },
      ],
      figures.movements.map((m) => [dateText(istDateOf(m.at)), m.kind, m.description, amountText(m.amount), amountText(m.balance)]),
      "No wallet movements in this year.",
    );
    w.heading(`Holdings on ${longDateText(figures.holdingsOn)}`);
    w.table(
      [
        { header: "Property", width: 135 },
        { header: "Shares", width: 40, align: "right" },
        { header: "Cost (₹)", width: 80, align: "right" },
        { header: "Average cost (₹)", width: 80, align: "right" },
        { header: `Price on ${dateText(figures.valuedOn)} (₹)`, width: 80, align: "right" },
        { header: "Value (₹)", width: 100, align: "right" },
      ],
      figures.holdings.map((h) => [
        h.propertyTitle,
        String(h.shares),
        amountText(h.cost),
        amountText(h.averageCost),
        h.price === undefined ? "—" : amountText(h.price),
        h.value === undefined ? "—" : amountText(h.value),
      ]),
      "No shares held on that date.",
    );
    if (figures.holdings.length > 0) {
      w.pairs([["Total value (₹)", amountText(figures.holdingsValue)]]);
      w.paragraph(`Prices used: ${holdingBases(figures)}.`);
      w.paragraph(VALUATION_RULE);
    }
    w.heading("Distributions received");
    w.table(
      [
        { header: "Date", width: 80 },
        { header: "Property", width: 255 },
        { header: "Shares", width: 70, align: "right" },
        { header: "Amount (₹)", width: 110, align: "right" },
      ],
      figures.distributions.map((d) => [
        dateText(istDateOf(d.at)),
        d.propertyTitle,
        d.shares === null ? "—" : String(d.shares),
        amountText(d.amount),
      ]),
      "No distributions received in this year.",
    );
    w.heading("GST on platform fees");
    w.pairs(statementGstLines(figures, issuer));
    w.heading("Realised gains");
    w.table(GAIN_COLUMNS, gainRows(figures), "No shares sold in this year.");
    gainTotals(w, figures);
    notes(w, figures);
  });
}

/** The capital-gains statement for resales in the year. */
export function renderCapitalGainsPdf(figures: StatementFigures, issuer: ReceiptIssuer): Promise<Buffer> {
  return render("Capital-gains statement", figures, issuer, (w) => {
    notes(w, figures);
    w.heading("Sales in the year");
    w.table(GAIN_COLUMNS, gainRows(figures), "No shares sold in this year.");
    w.heading("Totals");
    gainTotals(w, figures);
  });
}
