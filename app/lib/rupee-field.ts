import { z } from "zod";
import { parseRupees, type RupeeRules } from "~/lib/rupee-input";

/**
 * The zod field for an amount, built on parseRupees: the parsed value is a Decimal and every
 * refusal is one issue with the field's message. Conform turns an empty field into
 * `undefined`, which gets the field's message too.
 */
export function rupeeField(rules: RupeeRules) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseRupees(raw ?? "", rules);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });
}

/** The optional variant: empty is null, anything typed must be an amount within the rules. */
export function optionalRupeeField(rules: RupeeRules) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
      const parsed = parseRupees(raw, rules);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });
}
