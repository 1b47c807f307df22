import { DomainError } from "~/domain/errors";

export class TransmissionError extends DomainError {}
