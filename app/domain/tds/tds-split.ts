import { Decimal } from "~/lib/money";

/** A dated row of the rate table (ADR 0065); dates are IST calendar dates, YYYY-MM-DD. */
export type TdsRateRow = {
  id: string;
  act: string;
  section: string;
  payeeResidency: "resident" | "non_resident";
  rateWithPan: Decimal.Value;
  rateWithoutPan: Decimal.Value;
  yearlyThreshold: Decimal.Value;
  validFrom: string;
  validTo: string | null;
};

/** What one payee was paid and withheld so far in the financial year of the payment. */
export type YearToDate = { gross: Decimal.Value; tds: Decimal.Value };

export type TdsSplit = {
  gross: Decimal;
  tds: Decimal;
  net: Decimal;
  /** The percentage applied (0 when the year's total is within the threshold). */
  rate: Decimal;
  panValid: boolean;
  rateId: string;
  act: string;
  section: string;
  financialYear: number;
  quarter: 1 | 2 | 3 | 4;
};

export class NoTdsRateError extends Error {}

/** The Indian financial year (as its starting year) and its quarter (Q1 = April to June) of an IST date. */
export function financialQuarterOf(date: string): { financialYear: number; quarter: 1 | 2 | 3 | 4 } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const financialYear = month >= 4 ? year : year - 1;
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return { financialYear, quarter };
}

/** The rate row in force on a date for a residency; a gap in the table is an error, never a zero rate. */
export function rateInForce(rates: TdsRateRow[], residency: TdsRateRow["payeeResidency"], date: string): TdsRateRow {
  const found = rates
    .filter((r) => r.payeeResidency === residency && r.validFrom <= date && (r.validTo === null || r.validTo >= date))
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  if (!found) throw new NoTdsRateError(`No TDS rate is in force on ${date} for a ${residency.replace("_", "-")} payee`);
  return found;
}

/**
 * The one computation of a distribution payment's TDS (the preview and the payment both call it).
 * Nothing is withheld while the payee's gross for the financial year, this payment included, is
 * within the yearly threshold; the payment that takes it over bears the tax on the whole year's
 * gross (s.194 counts the aggregate), less what was already withheld, and later ones the rate on
 * themselves. Without a valid (operative) PAN the higher rate applies (s.206AA). Rounded half-up
 * to the paisa; never more than the payment.
 */
export function splitDistribution(input: {
  gross: Decimal.Value;
  paymentDate: string;
  panValid: boolean;
  residency?: TdsRateRow["payeeResidency"];
  rates: TdsRateRow[];
  yearToDate: YearToDate;
}): TdsSplit {
  const gross = new Decimal(input.gross);
  const row = rateInForce(input.rates, input.residency ?? "resident", input.paymentDate);
  const { financialYear, quarter } = financialQuarterOf(input.paymentDate);
  const yearGross = new Decimal(input.yearToDate.gross).plus(gross);
  const withheld = new Decimal(input.yearToDate.tds);
  const fullRate = new Decimal(input.panValid ? row.rateWithPan : row.rateWithoutPan);
  const over = yearGross.gt(row.yearlyThreshold);
  let tds = new Decimal(0);
  if (over) {
    const due = yearGross.times(fullRate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(withheld);
    tds = Decimal.min(gross, Decimal.max(0, due));
  }
  return {
    gross,
    tds,
    net: gross.minus(tds),
    rate: over ? fullRate : new Decimal(0),
    panValid: input.panValid,
    rateId: row.id,
    act: row.act,
    section: row.section,
    financialYear,
    quarter,
  };
}

/** "ABCDE1234F" → "XXXXXX234F": enough for the holder to recognise, too little to reuse. */
export function maskPan(pan: string | null): string {
  if (!pan) return "Not furnished";
  return `${"X".repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`;
}
