import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPurchaseForm } from "./purchase-form-check";
import { purchaseFormSchema, purchaseFormSchemaWithRules } from "./purchase-form-schema";
import type { PurchaseRules } from "./validate-purchase";

const rules: PurchaseRules = {
  sharePrice: "5000",
  minimumInvestment: "10000",
  maximumInvestment: "200000",
  availableShares: 30,
  walletBalance: "120000",
};

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

/** What a field-level answer looks like to the investor: each field's first message, or none. */
function answerOf(error: Record<string, string[] | null> | null | undefined) {
  return Object.fromEntries(
    Object.entries(error ?? {})
      .filter(([, messages]) => messages && messages.length > 0)
      .map(([name, m]) => [name, m![0]]),
  );
}

const sharesText = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.constantFrom("", " ", "2.5", "1e3", "abc", "0", "007", " 3 ", "-0", "99999999999999999999"),
  fc.string({ maxLength: 6 }),
);
const keyText = fc.oneof(
  fc.uuid().map(String),
  fc.constantFrom("", "not-a-key", "00000000-0000-0000-0000-000000000000"),
  fc.string({ maxLength: 40 }),
);
const propertyText = fc.oneof(fc.constantFrom("dummy-1", "  p  ", "", "   "), fc.string({ minLength: 199, maxLength: 202 }));

describe("the purchase form's browser check", () => {
  it("answers every form exactly as the action's zod schema does, with and without the property's rules", () => {
    fc.assert(
      fc.property(propertyText, sharesText, keyText, fc.boolean(), (propertyId, shares, idempotencyKey, withRules) => {
        const form = formOf({ propertyId, shares, idempotencyKey });
        const viaZod = parseWithZod(form, { schema: withRules ? purchaseFormSchemaWithRules(rules) : purchaseFormSchema });
        const payload = Object.fromEntries([...form.entries()].map(([k, v]) => [k, v === "" ? undefined : v]));
        const plain = checkPurchaseForm(payload, withRules ? rules : null);
        const zodAnswer = answerOf(viaZod.status === "error" ? viaZod.error : null);
        // zod reports a missing hidden field with its own wording; the page never sends one empty, so only which field is compared there.
        if (propertyId.trim() === "" && zodAnswer.propertyId) zodAnswer.propertyId = "Property Not Found";
        expect(answerOf(plain.error)).toEqual(zodAnswer);
        if (viaZod.status === "success") expect(plain.value).toEqual(viaZod.value);
      }),
      { numRuns: 2000 },
    );
  });

  it("reports the property's rules on the shares field: the minimum, the wallet and the shares left", () => {
    const key = "3f1c2b6a-8d4e-4f7a-9b1c-2d3e4f5a6b7c";
    expect(checkPurchaseForm({ propertyId: "p", shares: "1", idempotencyKey: key }, rules).error).toEqual({
      shares: ["Minimum investment is ₹10,000"],
    });
    expect(checkPurchaseForm({ propertyId: "p", shares: "24", idempotencyKey: key }, rules).error?.shares?.[0]).toBe(
      "You don't have enough balance in your wallet",
    );
    expect(checkPurchaseForm({ propertyId: "p", shares: "3", idempotencyKey: key }, rules).value).toEqual({
      propertyId: "p",
      shares: 3,
      idempotencyKey: key,
    });
  });
});
