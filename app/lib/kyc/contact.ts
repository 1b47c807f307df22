/** An Indian mobile: +91 (optional when typed) and 10 digits starting 6–9; stored as "+91XXXXXXXXXX". */
export function normalizeIndianMobile(value: string): string | null {
  const compact = value.replace(/[\s()-]+/g, "");
  const match = /^(?:\+91|0091|91)?([6-9][0-9]{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

export function isValidIndianMobile(value: string): boolean {
  return normalizeIndianMobile(value) !== null;
}

/** An Indian PIN code: six digits, the first not 0. */
export function isValidPostalCode(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value.trim());
}

/**
 * The countries Aangan serves: residents of India only (ADR 0054). Identity (PAN, Aadhaar),
 * bank (IFSC), mobile (+91) and PIN checks are all Indian, so the wizard offers nothing else.
 */
export const KYC_COUNTRIES = ["India"] as const;
export type KycCountry = (typeof KYC_COUNTRIES)[number];
export const INDIA_ONLY_NOTE =
  "Aangan serves residents of India: you invest in rupees from an Indian bank account, and KYC needs your PAN, Aadhaar, an Indian mobile number and PIN code.";

export const MINIMUM_AGE_YEARS = 18;

/** Parses "YYYY-MM-DD" as a calendar date (no time zone), or null when it is not a real date. */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Completed years between a birth date and `today` (both calendar dates, India time is
 * the caller's concern). Someone born on 29 February turns a year older on 1 March in
 * common years.
 */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  let age = y - birth.year;
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1;
  return age;
}

/** True when the date is real, not in the future, and the person is at least 18 on `today`. */
export function isAdultOn(dateOfBirth: string, today: Date): boolean {
  const birth = parseCalendarDate(dateOfBirth);
  if (!birth) return false;
  return ageOn(birth, today) >= MINIMUM_AGE_YEARS;
}

/** India's calendar date for an instant (UTC+05:30, no daylight saving), as a UTC-midnight Date. */
export function indiaToday(now: Date): Date {
  const shifted = new Date(now.getTime() + 330 * 60_000);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}
