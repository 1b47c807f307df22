import { DomainError } from "~/domain/errors";

/**
 * The ledger refused a journal. Used as is for a journal our own code built wrong
 * (unbalanced, sub-paisa, a shape the database refuses): a bug, hence status 500.
 */
export class LedgerError extends DomainError {
  constructor(message: string, code = "invalid_journal", status = 500) {
    super(code, message, status);
  }
}

/** A user's available balance would go below zero. Carries the spec's wording. */
export class InsufficientFundsError extends LedgerError {
  constructor(readonly userId: string) {
    super("Insufficient wallet balance. Please add funds to your wallet.", "insufficient_funds", 409);
  }
}

/** A journal with this idempotency key already exists. */
export class DuplicateJournalError extends LedgerError {
  constructor(readonly idempotencyKey: string) {
    super("This transaction is already being processed.", "duplicate", 409);
  }
}

/** No pending journal has this id. */
export class PendingNotFoundError extends LedgerError {
  constructor(readonly pendingJournalId: string) {
    super("This hold could not be found.", "pending_not_found", 404);
  }
}

/** The pending journal was already posted or voided; PostgreSQL allows one resolution. */
export class PendingAlreadyResolvedError extends LedgerError {
  constructor(readonly pendingJournalId: string) {
    super("This hold has already been completed or cancelled.", "pending_already_resolved", 409);
  }
}

/** The pending journal's expiry has passed: it can only be voided now. */
export class PendingExpiredError extends LedgerError {
  constructor(readonly pendingJournalId: string) {
    super("This hold has expired.", "pending_expired", 409);
  }
}
