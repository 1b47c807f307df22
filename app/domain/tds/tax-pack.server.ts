import { Decimal } from "~/lib/money";
import { preparedQuery, type Db, type PreparedStatement, type Reader } from "~/services/db.server";
import { loadStatement } from "~/domain/statements/statement.server";
import {
  capitalGainsRule,
  INCOME_TAX_ACT_2025_FROM,
  financialYearBounds,
  istDateOf,
  NOT_TAX_ADVICE,
  type StatementFigures,
} from "~/domain/statements/statement-figures";
import { maskPan } from "./tds-split";
import type { Quarter } from "./tds-admin.server";

export type TdsPaymentLine = {
  date: string;
  property: string;
  gross: string;
  act: string;
  section: string;
  rate: string;
  tds: string;
  net: string;
  challan: string;
};

/** The Acts and sections a year's documents cite: the 2025 Act from FY 2026-27 on (INDIA-RULES, ADR 0065). */
export function sectionsInForce(startYear: number) {
  return startYear >= INCOME_TAX_ACT_2025_FROM
    ? {
        act: "Income-tax Act, 2025",
        holdingPeriod: capitalGainsRule(startYear),
        tds: "TDS on distributions under section 393 of the Income-tax Act, 2025 (in force from 1 April 2026; rates as under the 1961 Act); 20% where no operative PAN was furnished.",
        longTerm:
          "Long-term capital gains on unlisted shares are taxed at 12.5% without indexation (the rate of section 112 of the 1961 Act after the Finance (No. 2) Act, 2024, carried unchanged into the Income-tax Act, 2025).",
      }
    : {
        act: "Income-tax Act, 1961",
        holdingPeriod: capitalGainsRule(startYear),
        tds: "TDS on distributions under section 194 of the Income-tax Act, 1961 (dividends); 20% under section 206AA where no operative PAN was furnished.",
        longTerm:
          "Long-term capital gains on unlisted shares are taxed at 12.5% without indexation under section 112 of the Income-tax Act, 1961, as amended by the Finance (No. 2) Act, 2024 (transfers on or after 23 July 2024).",
      };
}

export const EXEMPTION_NOTE =
  "The ₹1.25 lakh yearly exemption on long-term gains applies to listed equity shares and equity-oriented units (section 112A of the 1961 Act); Aangan's shares are unlisted, so it is noted here and not applied to the figures.";

/** Where a withholding's TDS went: the challan it was deposited under, or that it is still to be deposited. */
export function depositedUnder(row: {
  tds: { isZero(): boolean };
  deposit: { bsrCode: string; challanSerial: string; depositedOn: Date } | null;
}): string {
  if (row.deposit) return `BSR ${row.deposit.bsrCode}, ${row.deposit.challanSerial}, ${row.deposit.depositedOn.toISOString().slice(0, 10)}`;
  return row.tds.isZero() ? "—" : "To be deposited";
}

async function withholdingLines(
  db: Db,
  userId: string,
  where: { financialYear: number; quarter?: number },
): Promise<{ lines: TdsPaymentLine[]; pan: string | null }> {
  const rows = await db.tdsWithholding.findMany({
    where: { userId, ...where },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
    include: { distribution: { select: { property: { select: { title: true } } } }, deposit: true },
  });
  return {
    pan: rows.at(-1)?.pan ?? null,
    lines: rows.map((r) => ({
      date: istDateOf(r.paidAt),
      property: r.distribution.property.title,
      gross: r.gross.toFixed(2),
      act: r.act,
      section: r.section,
      rate: r.rate.toFixed(2),
      tds: r.tds.toFixed(2),
      net: r.net.toFixed(2),
      challan: depositedUnder(r),
    })),
  };
}

const sum = (lines: TdsPaymentLine[], pick: (l: TdsPaymentLine) => string) =>
  lines.reduce((s, l) => s.plus(pick(l)), new Decimal(0)).toFixed(2);

export type TdsCertificate = Quarter & {
  label: string;
  from: string;
  to: string;
  investor: { name: string; email: string; pan: string };
  lines: TdsPaymentLine[];
  totals: { gross: string; tds: string };
};

/** One investor's TDS certificate for a quarter: null when nothing was paid to them in it (a 404, whoever asks). */
export async function loadTdsCertificate(db: Db, userId: string, period: Quarter): Promise<TdsCertificate | null> {
  const [profile, { lines, pan }] = await Promise.all([
    db.userProfile.findUnique({ where: { id: userId }, select: { fullName: true, email: true } }),
    withholdingLines(db, userId, period),
  ]);
  if (!profile || lines.length === 0) return null;
  const startMonth = 4 + (period.quarter - 1) * 3;
  const year = startMonth > 12 ? period.financialYear + 1 : period.financialYear;
  const month = ((startMonth - 1) % 12) + 1;
  const from = `${year}-${String(month).padStart(2, "0")}-01`;
  const to = new Date(Date.UTC(year, month + 2, 0)).toISOString().slice(0, 10);
  return {
    ...period,
    label: `Q${period.quarter} of FY ${period.financialYear}-${String((period.financialYear + 1) % 100).padStart(2, "0")}`,
    from,
    to,
    investor: { name: profile.fullName ?? profile.email, email: profile.email, pan: maskPan(pan) },
    lines,
    totals: { gross: sum(lines, (l) => l.gross), tds: sum(lines, (l) => l.tds) },
  };
}

/** The quarters an investor has a certificate for, newest first (what the Statements page lists). */
export async function listTdsCertificates(db: Reader, userId: string): Promise<(Quarter & { tds: string })[]> {
  const rows = await preparedQuery<{ financialYear: number; quarter: number; tds: string }>(db, READ_CERTIFICATE_QUARTERS, [userId]);
  return rows.map((r) => ({ financialYear: r.financialYear, quarter: r.quarter as Quarter["quarter"], tds: r.tds }));
}

// The quarters with tax withheld from the investor, newest first, each with its total (a sum of NUMERIC(16,2): two places).
const READ_CERTIFICATE_QUARTERS: PreparedStatement = {
  name: "read_tds_certificate_quarters",
  text: `
    SELECT financial_year AS "financialYear", quarter, sum(tds)::text AS tds
      FROM tds_withholdings WHERE user_id = $1::uuid
     GROUP BY financial_year, quarter
     ORDER BY financial_year DESC, quarter DESC`,
};

export type TaxPack = {
  figures: StatementFigures;
  pan: string;
  sections: ReturnType<typeof sectionsInForce>;
  income: { head: string; item: string; amount: string }[];
  tdsBySection: { act: string; section: string; gross: string; tds: string }[];
  tdsLines: TdsPaymentLine[];
};

/**
 * The yearly tax pack: income by head, TDS by section and the capital gains, all from the
 * statement's figures (ADR 0036, 0046) and the withholding rows; it restates no computation.
 * Distributions are income at their gross: the wallet credits plus the TDS withheld from them.
 */
export async function loadTaxPack(db: Db, userId: string, startYear: number): Promise<TaxPack | null> {
  const [figures, { lines, pan }] = await Promise.all([
    loadStatement(db, userId, startYear),
    withholdingLines(db, userId, { financialYear: startYear }),
  ]);
  if (!figures) return null;
  const tdsTotal = sum(lines, (l) => l.tds);
  const bySection = new Map<string, { act: string; section: string; gross: Decimal; tds: Decimal }>();
  for (const l of lines) {
    const key = `${l.act}|${l.section}`;
    const entry = bySection.get(key) ?? { act: l.act, section: l.section, gross: new Decimal(0), tds: new Decimal(0) };
    bySection.set(key, { ...entry, gross: entry.gross.plus(l.gross), tds: entry.tds.plus(l.tds) });
  }
  return {
    figures,
    pan: maskPan(pan),
    sections: sectionsInForce(startYear),
    income: [
      {
        head: "Income from other sources",
        item: "Rent distributions from the property SPVs (dividends), gross",
        amount: new Decimal(figures.distributionsTotal).plus(tdsTotal).toFixed(2),
      },
      { head: "Capital gains", item: "Short-term (unlisted shares held 24 months or less)", amount: figures.gainsTotals.shortTerm },
      { head: "Capital gains", item: "Long-term (unlisted shares held more than 24 months)", amount: figures.gainsTotals.longTerm },
    ],
    tdsBySection: [...bySection.values()].map((s) => ({
      act: s.act,
      section: s.section,
      gross: s.gross.toFixed(2),
      tds: s.tds.toFixed(2),
    })),
    tdsLines: lines,
  };
}

/**
 * Why a payment's TDS is not always its rate times its gross (ADR 0065's threshold rule), said on
 * the certificate and the tax pack beside the payments.
 */
export const TDS_THRESHOLD_NOTE =
  "A rate of 0% means the year's distributions to you were still within the yearly threshold. The payment that takes the year over it " +
  "bears the rate on all of the year's distributions so far, less tax already deducted, so its TDS can be more than the rate times that payment.";

export const TAX_PACK_NOTES = (pack: TaxPack) => [
  pack.sections.tds,
  TDS_THRESHOLD_NOTE,
  pack.sections.holdingPeriod,
  pack.sections.longTerm,
  EXEMPTION_NOTE,
  NOT_TAX_ADVICE,
];
export const taxPackPeriod = (startYear: number) => financialYearBounds(startYear);
