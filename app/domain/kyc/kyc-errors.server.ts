import { DomainError } from "~/domain/errors";
import { KYC_TOASTS } from "~/lib/kyc/kyc-steps";

export type KycRefusalKind = "incomplete" | "documents" | "bank" | "accountMismatch" | "selfie" | "uploadFailed" | "submissionFailed";

/** A KYC step or upload refused: `title` is the spec's toast title, `message` its description. */
export class KycRefused extends DomainError {
  readonly title: string;
  constructor(kind: KycRefusalKind, message?: string, status = 422, field?: string) {
    super(`kyc.${kind}`, message ?? KYC_TOASTS[kind].description, status, field);
    this.title = KYC_TOASTS[kind].title;
  }
}

export function isKycRefused(error: unknown): error is KycRefused {
  return error instanceof KycRefused;
}

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
