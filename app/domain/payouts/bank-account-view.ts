export type BankAccountStatus = "pending" | "active" | "invalid" | "failed" | "unavailable";

export type BankAccountView = {
  id: string;
  maskedNumber: string;
  bankName: string;
  ifsc: string;
  holderName: string;
  status: BankAccountStatus;
  registeredName: string | null;
  nameMatchScore: number | null;
  validationError: string | null;
  validatedAt: string | null;
  /** Withdrawals are paid out automatically only to an account the penny drop found. */
  verified: boolean;
};

/** What a bank account's check means, in the words the admin and the investor read. */
export const BANK_CHECK_WORDS: Record<BankAccountStatus, string> = {
  pending: "Check in progress",
  active: "Verified by penny drop",
  invalid: "The bank has no such account",
  failed: "The check failed",
  unavailable: "Not checked (provider unreachable)",
};
