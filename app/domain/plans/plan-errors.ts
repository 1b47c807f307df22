import { DomainError } from "~/domain/errors";

/** A plan command refused: the message is safe to show, on `field` when it belongs to one. */
export class PlanError extends DomainError {}

/** Another investor's plan answers exactly as a plan that does not exist. */
export const planNotFound = () => new PlanError("plan_not_found", "Plan not found.", 404);
