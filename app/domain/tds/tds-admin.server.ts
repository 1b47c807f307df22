import { stringify } from "csv-stringify/sync";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { DomainError } from "~/domain/errors";
import { platformCash, tdsPayable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { Decimal, formatINR } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { runTransaction, type Db, type PrismaClient } from "~/services/db.server";
import { loadTdsRates } from "./tds.server";
import type { TdsRateRow } from "./tds-split";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: unknown) => {
  if (typeof value !== "string" || !DATE.test(value.trim())) return null;
  const text = value.trim();
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text ? text : null;
};
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export type Quarter = { financialYear: number; quarter: 1 | 2 | 3 | 4 };

/** "2026" and "1" from a query string as a period, or null. */
export function quarterOrNull(year: unknown, quarter: unknown): Quarter | null {
  const y = text(year);
  const q = text(quarter);
  return /^\d{4}$/.test(y) && /^[1-4]$/.test(q) ? { financialYear: Number(y), quarter: Number(q) as Quarter["quarter"] } : null;
}

/** "2026" and "1" from a form; anything else is a 400 naming the field. */
export function parseQuarter(year: unknown, quarter: unknown): Quarter {
  const y = text(year);
  const q = text(quarter);
  if (!/^\d{4}$/.test(y)) throw new DomainError("invalid_year", "Choose a financial year.", 400, "year");
  if (!/^[1-4]$/.test(q)) throw new DomainError("invalid_quarter", "Choose a quarter from 1 to 4.", 400, "quarter");
  return { financialYear: Number(y), quarter: Number(q) as Quarter["quarter"] };
}

export type QuarterSummary = Quarter & {
  payments: number;
  gross: string;
  tds: string;
  owed: string;
  deposits: { bsrCode: string; challanSerial: string; depositedOn: string; amount: string }[];
};

/** Every quarter with a withholding, newest first: what was withheld and what is still owed. */
export async function listTdsQuarters(db: Db): Promise<QuarterSummary[]> {
  const [totals, deposits] = await Promise.all([
    db.$queryRaw<{ financial_year: number; quarter: number; payments: number; gross: string; tds: string; owed: string }[]>`
      SELECT financial_year, quarter, count(*)::int AS payments, SUM(gross)::text AS gross, SUM(tds)::text AS tds,
             COALESCE(SUM(tds) FILTER (WHERE deposit_id IS NULL), 0)::text AS owed
        FROM tds_withholdings GROUP BY financial_year, quarter ORDER BY financial_year DESC, quarter DESC LIMIT 40`,
    db.tdsDeposit.findMany({ orderBy: { depositedOn: "asc" } }),
  ]);
  return totals.map((t) => ({
    financialYear: t.financial_year,
    quarter: t.quarter as Quarter["quarter"],
    payments: t.payments,
    gross: new Decimal(t.gross).toFixed(2),
    tds: new Decimal(t.tds).toFixed(2),
    owed: new Decimal(t.owed).toFixed(2),
    deposits: deposits
      .filter((d) => d.financialYear === t.financial_year && d.quarter === t.quarter)
      .map((d) => ({
        bsrCode: d.bsrCode,
        challanSerial: d.challanSerial,
        depositedOn: d.depositedOn.toISOString().slice(0, 10),
        amount: d.amount.toFixed(2),
      })),
  }));
}

/**
 * A quarter's TDS deposited with the government: the challan is recorded against every row of
 * the quarter still owed, for exactly their TDS, and one journal moves that from the TDS payable
 * account to platform cash (the money left the escrow bank). Audited in the same transaction.
 */
export async function markTdsDeposited(
  prisma: PrismaClient,
  input: {
    adminId: string;
    year: unknown;
    quarter: unknown;
    bsrCode: unknown;
    challanSerial: unknown;
    depositedOn: unknown;
    amount: unknown;
  },
  now = new Date(),
) {
  const period = parseQuarter(input.year, input.quarter);
  const bsrCode = text(input.bsrCode);
  if (!/^\d{7}$/.test(bsrCode)) throw new DomainError("invalid_bsr", "Enter the bank's 7-digit BSR code.", 400, "bsrCode");
  const challanSerial = text(input.challanSerial);
  if (!/^\d{5}$/.test(challanSerial))
    throw new DomainError("invalid_challan", "Enter the 5-digit challan serial number.", 400, "challanSerial");
  const depositedOn = validDate(input.depositedOn);
  if (!depositedOn) throw new DomainError("invalid_date", "Enter the date of deposit.", 400, "depositedOn");
  if (depositedOn > istDate(now)) throw new DomainError("future_date", "The date of deposit cannot be in the future.", 400, "depositedOn");
  const amount = parseRupees(input.amount, { message: "Enter the challan's amount in rupees.", max: "1000000000" });
  if (!amount.ok) throw new DomainError("invalid_amount", amount.message, 400, "amount");

  return runTransaction(prisma, "tds.mark-deposited", async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; tds: string }[]>`
      SELECT id::text AS id, tds::text AS tds FROM tds_withholdings
       WHERE financial_year = ${period.financialYear} AND quarter = ${period.quarter} AND deposit_id IS NULL
       ORDER BY id FOR UPDATE`;
    const owed = rows.reduce((sum, r) => sum.plus(r.tds), new Decimal(0));
    if (owed.isZero()) throw new DomainError("nothing_owed", "No TDS of this quarter is waiting to be deposited.", 409);
    if (!owed.equals(amount.value)) {
      throw new DomainError(
        "amount_mismatch",
        `The challan must be for the quarter's TDS still owed: ${formatINR(owed, { paise: true })}.`,
        400,
        "amount",
      );
    }
    const { journalId } = await postJournal(tx, {
      kind: "tds_deposit",
      description: `TDS for FY ${period.financialYear}-${String((period.financialYear + 1) % 100).padStart(2, "0")} Q${period.quarter} deposited (BSR ${bsrCode}, challan ${challanSerial}, ${depositedOn})`,
      idempotencyKey: `tds-deposit:${bsrCode}:${depositedOn}:${challanSerial}`,
      createdBy: input.adminId,
      postings: [
        { account: tdsPayable, amount: owed.negated().toFixed(2) },
        { account: platformCash, amount: owed.toFixed(2) },
      ],
    });
    const deposit = await tx.tdsDeposit.create({
      data: {
        financialYear: period.financialYear,
        quarter: period.quarter,
        bsrCode,
        challanSerial,
        depositedOn: new Date(`${depositedOn}T00:00:00Z`),
        amount: owed.toFixed(2),
        journalId,
        recordedBy: input.adminId,
      },
      select: { id: true },
    });
    await tx.tdsWithholding.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { depositId: deposit.id } });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "tds.deposit",
      targetType: "tds_deposit",
      targetId: deposit.id,
      after: { ...period, bsrCode, challanSerial, depositedOn, amount: owed.toFixed(2), payments: rows.length },
    });
    return { depositId: deposit.id, amount: owed.toFixed(2), payments: rows.length };
  });
}

/**
 * The deductee lines of a quarter's return, in the order of Form 26Q's deductee annexure (ADR 0065).
 * A payee without a PAN is "PANNOTAVBL" with reason C (higher rate, s.206AA); a payment within the
 * threshold is reason Y.
 */
export const TDS_RETURN_COLUMNS = [
  "Sr. No.",
  "Section code",
  "Deductee code",
  "PAN of deductee",
  "Name of deductee",
  "Date of payment or credit",
  "Amount paid or credited (INR)",
  "TDS (INR)",
  "Surcharge (INR)",
  "Health and education cess (INR)",
  "Total tax deducted (INR)",
  "Total tax deposited (INR)",
  "Date of deduction",
  "Rate of deduction (%)",
  "Reason for non-deduction or higher deduction",
  "BSR code",
  "Challan serial number",
  "Date of deposit",
] as const;

export async function tdsReturnCsv(db: Db, input: { year: unknown; quarter: unknown }): Promise<{ csv: string; fileName: string }> {
  const period = parseQuarter(input.year, input.quarter);
  const rows = await db.tdsWithholding.findMany({
    where: { financialYear: period.financialYear, quarter: period.quarter },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
    include: { user: { select: { fullName: true, email: true } }, deposit: true },
  });
  const lines = rows.map((r, index) => {
    const date = istDate(r.paidAt);
    const deposited = r.deposit ? r.tds.toFixed(2) : "0.00";
    return [
      index + 1,
      r.section,
      "02",
      r.pan ?? "PANNOTAVBL",
      r.user.fullName ?? r.user.email,
      date,
      r.gross.toFixed(2),
      r.tds.toFixed(2),
      "0.00",
      "0.00",
      r.tds.toFixed(2),
      deposited,
      r.tds.gt(0) ? date : "",
      r.rate.toFixed(2),
      r.tds.isZero() ? "Y" : r.pan ? "" : "C",
      r.deposit?.bsrCode ?? "",
      r.deposit?.challanSerial ?? "",
      r.deposit ? r.deposit.depositedOn.toISOString().slice(0, 10) : "",
    ];
  });
  const csv = stringify(lines, { header: true, columns: [...TDS_RETURN_COLUMNS], bom: true, record_delimiter: "windows" });
  return { csv, fileName: `aangan-tds-return-fy-${period.financialYear}-q${period.quarter}.csv` };
}

export type TdsRateInput = {
  adminId: string;
  residency: unknown;
  act: unknown;
  section: unknown;
  rateWithPan: unknown;
  rateWithoutPan: unknown;
  threshold: unknown;
  validFrom: unknown;
};

const percent = (raw: unknown, field: string) => {
  const t = text(raw);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t) || Number(t) > 100)
    throw new DomainError("invalid_rate", "Enter a percentage from 0 to 100.", 400, field);
  return new Decimal(t);
};

/**
 * An admin adds a rate from a date on (a notification changed it): the row in force for that
 * residency is closed the day before, the new one starts; both in one audited transaction.
 * A rate is never edited in place, so past withholdings keep the row they were computed from.
 */
export async function addTdsRate(prisma: PrismaClient, input: TdsRateInput): Promise<{ rateId: string }> {
  const residency = input.residency === "non_resident" ? "non_resident" : input.residency === "resident" ? "resident" : null;
  if (!residency) throw new DomainError("invalid_residency", "Choose resident or non-resident.", 400, "residency");
  const act = text(input.act).slice(0, 80);
  if (!act) throw new DomainError("invalid_act", "Name the Act, for example Income-tax Act, 2025.", 400, "act");
  const section = text(input.section).slice(0, 20);
  if (!/^[0-9A-Za-z()-]{1,20}$/.test(section))
    throw new DomainError("invalid_section", "Enter the section, for example 393.", 400, "section");
  const withPan = percent(input.rateWithPan, "rateWithPan");
  const withoutPan = percent(input.rateWithoutPan, "rateWithoutPan");
  if (withoutPan.lt(withPan))
    throw new DomainError("invalid_rate", "The rate without a PAN cannot be lower than with one.", 400, "rateWithoutPan");
  const threshold = parseRupees(input.threshold, {
    message: "Enter the yearly threshold in rupees (0 for none).",
    max: "100000000",
    allowZero: true,
  });
  if (!threshold.ok) throw new DomainError("invalid_threshold", threshold.message, 400, "threshold");
  const validFrom = validDate(input.validFrom);
  if (!validFrom) throw new DomainError("invalid_date", "Enter the date the rate applies from.", 400, "validFrom");

  return runTransaction(prisma, "tds.add-rate", async (tx) => {
    await tx.$executeRaw`LOCK TABLE tds_rates IN SHARE ROW EXCLUSIVE MODE`;
    const current = await tx.tdsRate.findFirst({
      where: {
        payeeResidency: residency,
        validFrom: { lte: new Date(`${validFrom}T00:00:00Z`) },
        OR: [{ validTo: null }, { validTo: { gte: new Date(`${validFrom}T00:00:00Z`) } }],
      },
      orderBy: { validFrom: "desc" },
    });
    const later = await tx.tdsRate.count({ where: { payeeResidency: residency, validFrom: { gte: new Date(`${validFrom}T00:00:00Z`) } } });
    if (later > 0)
      throw new DomainError(
        "not_latest",
        "A rate already starts on or after that date; a new rate must start after the latest one.",
        409,
        "validFrom",
      );
    if (current) {
      const dayBefore = new Date(Date.parse(`${validFrom}T00:00:00Z`) - 86_400_000);
      await tx.tdsRate.update({ where: { id: current.id }, data: { validTo: dayBefore } });
    }
    const row = await tx.tdsRate.create({
      data: {
        act,
        section,
        payeeResidency: residency,
        rateWithPan: withPan.toFixed(2),
        rateWithoutPan: withoutPan.toFixed(2),
        yearlyThreshold: threshold.value.toFixed(2),
        validFrom: new Date(`${validFrom}T00:00:00Z`),
        setBy: input.adminId,
      },
      select: { id: true },
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "tds.set_rate",
      targetType: "tds_rate",
      targetId: row.id,
      before: current
        ? {
            id: current.id,
            section: current.section,
            rateWithPan: current.rateWithPan.toFixed(2),
            rateWithoutPan: current.rateWithoutPan.toFixed(2),
            threshold: current.yearlyThreshold.toFixed(2),
          }
        : undefined,
      after: {
        residency,
        act,
        section,
        rateWithPan: withPan.toFixed(2),
        rateWithoutPan: withoutPan.toFixed(2),
        threshold: threshold.value.toFixed(2),
        validFrom,
      },
    });
    return { rateId: row.id };
  });
}

export async function listTdsRates(db: Db): Promise<TdsRateRow[]> {
  return loadTdsRates(db);
}
