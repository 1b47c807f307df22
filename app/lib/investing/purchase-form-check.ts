import { INVALID_SHARES_MESSAGE, validatePurchase, type PurchaseRules } from "./validate-purchase";
import { isWholeShareCount, parseShareInput } from "./share-input";

export const PROPERTY_NOT_FOUND_MESSAGE = "Property Not Found";
export const FORM_EXPIRED_MESSAGE = "This form has expired. Please reload the page and try again.";

// The RFC 9562 shape zod's uuid() accepts (versions 1-8, the variant nibble, nil and max).
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

export type PurchaseFormCheck =
  | { value: { propertyId: string; shares: number; idempotencyKey: string }; error?: undefined }
  | { value?: undefined; error: Record<string, string[]> };

/**
 * The purchase form's browser-side check: the same fields and messages as purchaseFormSchema
 * (which the action parses), without bringing zod into the invest page's JavaScript. A test
 * holds the two to the same answers.
 */
export function checkPurchaseForm(payload: Record<string, unknown>, rules: PurchaseRules | null): PurchaseFormCheck {
  const error: Record<string, string[]> = {};
  const propertyId = typeof payload.propertyId === "string" ? payload.propertyId.trim() : "";
  if (propertyId.length < 1 || propertyId.length > 200) error.propertyId = [PROPERTY_NOT_FOUND_MESSAGE];
  const shares = parseShareInput(payload.shares);
  if (!isWholeShareCount(shares)) error.shares = [INVALID_SHARES_MESSAGE];
  else if (rules && typeof payload.propertyId === "string" && typeof payload.idempotencyKey === "string") {
    // As the schema's refinement does: the property's rules once the count reads and no field is missing.
    const check = validatePurchase(shares, rules);
    if (!check.ok) error.shares = [check.message];
  }
  const idempotencyKey = typeof payload.idempotencyKey === "string" ? payload.idempotencyKey : "";
  if (!UUID.test(idempotencyKey)) error.idempotencyKey = [FORM_EXPIRED_MESSAGE];
  if (Object.keys(error).length > 0) return { error };
  return { value: { propertyId, shares, idempotencyKey } };
}
