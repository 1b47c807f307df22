import { z } from "zod";

/** The Upgrade Account / Upgrade to Premium forms carry only this intent. */
export const UPGRADE_INTENT = "request-upgrade";
export const upgradeFormSchema = z.object({ intent: z.literal(UPGRADE_INTENT) });

/** The Pay for Premium form (ADR 0063): its intent and the form's idempotency key. */
export const PAY_PREMIUM = "pay-premium";
export const payPremiumSchema = z.object({ intent: z.literal(PAY_PREMIUM), idempotencyKey: z.string().default("") });
