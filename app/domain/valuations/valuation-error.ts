import { DomainError } from "~/domain/errors";

export class ValuationError extends DomainError {}
