export const ACCOUNT_TYPES = ["savings", "current"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Indian bank account numbers are 9 to 18 digits. */
export function isValidAccountNumber(value: string): boolean {
  return /^[0-9]{9,18}$/.test(value.replace(/\s+/g, ""));
}

/** Compared as typed, spaces aside. */
export function accountNumbersMatch(accountNumber: string, confirmation: string): boolean {
  return accountNumber.replace(/\s+/g, "") === confirmation.replace(/\s+/g, "");
}
