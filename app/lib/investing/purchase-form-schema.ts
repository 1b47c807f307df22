import { z } from "zod";
import { optionalRupeeField } from "~/lib/rupee-field";
import { NUMERIC_16_2_MAX } from "~/lib/rupee-input";
import { INVALID_SHARES_MESSAGE, validatePurchase, type PurchaseRules } from "./validate-purchase";
import { parseShareInput } from "./share-input";
import { FORM_EXPIRED_MESSAGE, PROPERTY_NOT_FOUND_MESSAGE } from "./purchase-form-check";

/**
 * The purchase form's fields, shared by the browser (conform) and the action. The
 * idempotency key is generated when the form is rendered, so a double submit carries
 * the same key and the server turns the second into "already being processed".
 */
export const purchaseFormSchema = z.object({
  propertyId: z.string().trim().min(1, PROPERTY_NOT_FOUND_MESSAGE).max(200, PROPERTY_NOT_FOUND_MESSAGE),
  shares: z.preprocess(
    parseShareInput,
    z.number().int(INVALID_SHARES_MESSAGE).min(1, INVALID_SHARES_MESSAGE).max(Number.MAX_SAFE_INTEGER, INVALID_SHARES_MESSAGE),
  ),
  idempotencyKey: z.uuid(FORM_EXPIRED_MESSAGE),
});

export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

/** The same schema with the property's and wallet's rules, reported on the shares field. */
export function purchaseFormSchemaWithRules(rules: PurchaseRules) {
  return purchaseFormSchema.superRefine((form, ctx) => {
    const check = validatePurchase(form.shares, rules);
    if (!check.ok) ctx.addIssue({ code: "custom", path: ["shares"], message: check.message });
  });
}

/** The buttons of the buy box and the review: work out, review, or buy. */
export const PURCHASE_INTENTS = ["calculate", "review", "purchase"] as const;
export type PurchaseIntent = (typeof PURCHASE_INTENTS)[number];

/**
 * What every post of the page carries besides the order: which button, and whether scripts
 * run (then the page shows a follow-up itself instead of being redirected).
 */
export const purchaseIntentSchema = z.object({
  intent: z.enum(PURCHASE_INTENTS),
  enhanced: z
    .string()
    .optional()
    .transform((value) => value === "true"),
});

/**
 * The action's whole form for one property. The confirm's reviewed total and risk
 * acknowledgement never fail the parse: their absence is answered on the review itself
 * (with the review still shown), so an unreadable total is null and the box a boolean.
 */
export function purchaseActionSchema(propertyId: string, otherPropertyMessage: string) {
  return purchaseFormSchema
    .extend({
      intent: z.enum(PURCHASE_INTENTS),
      reviewedTotal: optionalRupeeField({ message: "", max: NUMERIC_16_2_MAX }).catch(null),
      acknowledgeRisk: z
        .string()
        .optional()
        .transform((value) => value === "on"),
    })
    .refine((form) => form.propertyId === propertyId, { path: ["propertyId"], message: otherPropertyMessage });
}
