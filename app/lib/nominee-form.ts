import { Decimal } from "~/lib/money";

/** SEBI's convention for demat and mutual funds (from 1 March 2025): up to ten nominees. */
export const MAX_NOMINEES = 10;
export const NOMINEE_FIELDS = ["name", "relationship", "dob", "share", "contact"] as const;
export type NomineeField = (typeof NOMINEE_FIELDS)[number];
export type NomineeInput = { fullName: string; relationship: string; dateOfBirth: string; sharePercent: string; contact: string | null };
export type NomineeFormErrors = { form?: string; rows: Partial<Record<NomineeField, string>>[] };

export const fieldName = (field: NomineeField, row: number) => `${field}_${row}`;

/** The rows the form posted, as typed (blank rows dropped); the form comes back with them. */
export function readNomineeRows(form: Record<string, string>): Record<NomineeField, string>[] {
  const rows: Record<NomineeField, string>[] = [];
  for (let row = 0; row < 20; row += 1) {
    const values = Object.fromEntries(NOMINEE_FIELDS.map((f) => [f, (form[fieldName(f, row)] ?? "").trim()])) as Record<
      NomineeField,
      string
    >;
    if (NOMINEE_FIELDS.some((f) => values[f] !== "")) rows.push(values);
  }
  return rows;
}

/**
 * The rules for a nomination: one to ten nominees, each named with a relationship, a date of
 * birth in the past and a share above 0 with at most two decimals; the shares sum to exactly 100.
 */
export function validateNominees(
  rows: Record<NomineeField, string>[],
  today = new Date(),
): { ok: true; nominees: NomineeInput[] } | { ok: false; errors: NomineeFormErrors } {
  const errors: NomineeFormErrors = { rows: rows.map(() => ({})) };
  if (rows.length === 0) return { ok: false, errors: { form: "Name at least one nominee, or opt out of nomination.", rows: [] } };
  if (rows.length > MAX_NOMINEES)
    return { ok: false, errors: { form: `You can name at most ${MAX_NOMINEES} nominees.`, rows: errors.rows } };
  let total = new Decimal(0);
  rows.forEach((row, i) => {
    const e = errors.rows[i]!;
    if (!row.name || row.name.length > 120) e.name = "Enter the nominee's full name.";
    if (!row.relationship || row.relationship.length > 60) e.relationship = "Enter how the nominee is related to you.";
    const dob = /^\d{4}-\d{2}-\d{2}$/.test(row.dob) ? new Date(`${row.dob}T00:00:00Z`) : null;
    if (!dob || Number.isNaN(dob.getTime()) || dob >= today || dob.getUTCFullYear() < 1900) e.dob = "Enter a date of birth in the past.";
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(row.share) || new Decimal(row.share).lte(0) || new Decimal(row.share).gt(100)) {
      e.share = "Enter a share above 0 and up to 100, with at most two decimals.";
    } else total = total.plus(row.share);
    if (row.contact.length > 120) e.contact = "Keep the contact under 120 characters.";
  });
  const fieldErrors = errors.rows.some((r) => Object.keys(r).length > 0);
  if (!fieldErrors && !total.eq(100)) errors.form = `The shares add up to ${total.toFixed(2)}%; they must add up to exactly 100%.`;
  if (fieldErrors || errors.form) return { ok: false, errors };
  return {
    ok: true,
    nominees: rows.map((row) => ({
      fullName: row.name,
      relationship: row.relationship,
      dateOfBirth: row.dob,
      sharePercent: new Decimal(row.share).toFixed(2),
      contact: row.contact || null,
    })),
  };
}
