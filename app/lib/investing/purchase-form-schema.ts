import { z } from "zod";
import { INVALID_SHARES_MESSAGE, validatePurchase, type PurchaseRules } from "./validate-purchase";
import { parseShareInput } from "./share-input";

/**
 * The purchase form's fields, shared by the browser (conform) and the action. The
 * idempotency key is generated when the form is rendered, so a double submit carries
 * the same key and the server turns the second into "already being processed".
 */
export const purchaseFormSchema = z.object({
  propertyId: z.string().trim().min(1, "Property Not Found").max(200, "Property Not Found"),
  shares: z.preprocess(
    parseShareInput,
    z.number().int(INVALID_SHARES_MESSAGE).min(1, INVALID_SHARES_MESSAGE).max(Number.MAX_SAFE_INTEGER, INVALID_SHARES_MESSAGE),
  ),
  idempotencyKey: z.uuid("This form has expired. Please reload the page and try again."),
});

export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

/** The same schema with the property's and wallet's rules, reported on the shares field. */
export function purchaseFormSchemaWithRules(rules: PurchaseRules) {
  return purchaseFormSchema.superRefine((form, ctx) => {
    const check = validatePurchase(form.shares, rules);
    if (!check.ok) ctx.addIssue({ code: "custom", path: ["shares"], message: check.message });
  });
}
