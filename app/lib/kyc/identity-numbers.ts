/** PAN: five letters, four digits, a letter (uppercased before the check). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export function normalizePan(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidPan(value: string): boolean {
  return PAN_PATTERN.test(normalizePan(value));
}

export function normalizeIfsc(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidIfsc(value: string): boolean {
  return IFSC_PATTERN.test(normalizeIfsc(value));
}

// Verhoeff's tables: multiplication in the dihedral group D5, and the position permutation.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffChecksum(digits: string, hasCheckDigit: boolean): number {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((char, index) => {
    const position = hasCheckDigit ? index : index + 1;
    c = D[c]![P[position % 8]![Number(char)]!]!;
  });
  return c;
}

/** The digit that, appended to `digits`, makes a valid Verhoeff number. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new TypeError("digits only");
  return INVERSE[verhoeffChecksum(digits, false)]!;
}

export function isVerhoeffValid(digits: string): boolean {
  return /^[0-9]+$/.test(digits) && verhoeffChecksum(digits, true) === 0;
}

export function normalizeAadhaar(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

/** Twelve digits, not starting with 0 or 1 (UIDAI never issues those), ending in a Verhoeff check digit. */
export function isValidAadhaar(value: string): boolean {
  const digits = normalizeAadhaar(value);
  return /^[2-9][0-9]{11}$/.test(digits) && isVerhoeffValid(digits);
}

/** Everything but the last four characters hidden: "XXXXXXXX1234". */
export function maskToLast4(value: string): string {
  const compact = value.replace(/[\s-]+/g, "");
  if (compact.length <= 4) return compact;
  return "X".repeat(compact.length - 4) + compact.slice(-4);
}
