/**
 * The one shape every refusal or failure of a domain command takes. `message` is the
 * spec's wording and safe to show to the user; `code` lets a caller choose what to do
 * without matching text; `status` is the HTTP status a web reply should carry; `field`
 * names the form field the message belongs to, when it belongs to one.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly status: number = 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
