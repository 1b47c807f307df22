export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/** A user account would go below zero. Carries the spec's wording. */
export class InsufficientFundsError extends LedgerError {
  constructor(readonly userId: string) {
    super("Insufficient wallet balance. Please add funds to your wallet.");
    this.name = "InsufficientFundsError";
  }
}

/** A journal with this idempotency key already exists. */
export class DuplicateJournalError extends LedgerError {
  constructor(readonly idempotencyKey: string) {
    super("This transaction is already being processed.");
    this.name = "DuplicateJournalError";
  }
}
