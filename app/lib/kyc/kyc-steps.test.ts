import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { verhoeffCheckDigit } from "./identity-numbers";
import { bankStepSchema, describeInvalidFields, documentNumbersSchema, KYC_TOASTS, personalStepSchema } from "./kyc-steps";

/**
 * The wizard's step schemas: each rule of the validators (tested on their own beside them)
 * is wired into the step that the server and the form both parse with.
 */

const NOW = new Date("2026-11-22T06:00:00Z");
const PERSONAL = {
  fullName: "Asha Rao",
  dateOfBirth: "1990-04-12",
  address: "12 MG Road",
  city: "Bengaluru",
  stateCode: "29",
  postalCode: "560001",
  phone: "98765 43210",
  country: "India",
};
const BANK = {
  accountNumber: "50100234567812",
  confirmAccountNumber: "50100234567812",
  ifscCode: "hdfc0001234",
  bankName: "HDFC Bank",
  accountType: "savings",
};

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(""));

/** The first message zod gives for `field`, or null when the input parses. */
function problem(result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }, field: string) {
  if (result.success) return null;
  return result.error!.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe("step 1, personal information", () => {
  const parse = (changes: Record<string, string>) => personalStepSchema(NOW).safeParse({ ...PERSONAL, ...changes });

  it("serves India only (ADR 0054) and stores the phone as +91 and 10 digits", () => {
    const result = parse({ country: "India" });
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBe("+919876543210");
    const { country: _country, ...withoutCountry } = PERSONAL;
    expect(personalStepSchema(NOW).parse(withoutCountry).country).toBe("India");
    for (const country of ["USA", "UK", "Canada", "Nepal"]) {
      expect(problem(parse({ country }), "country")).toBe("Aangan serves residents of India only");
    }
  });

  it("takes a state or union territory by its GST code and refuses free text", () => {
    expect(parse({ stateCode: "07" }).data?.stateCode).toBe("07");
    for (const stateCode of ["Karnataka", "25", "99", "2"]) {
      expect(problem(parse({ stateCode }), "stateCode"), stateCode).toBe("Choose your state or union territory from the list");
    }
  });

  it("names the refused fields in the form's order", () => {
    expect(describeInvalidFields(["phone", "postalCode", "phone"])).toBe("Please check: PIN code, Mobile number.");
  });

  it("requires every field", () => {
    for (const field of Object.keys(PERSONAL)) {
      expect(problem(parse({ [field]: "  " }), field), field).not.toBeNull();
    }
  });

  it("refuses a postal code starting with 0 or of another length, and a mobile starting 0-5", () => {
    fc.assert(
      fc.property(digits(5), (rest) => {
        expect(problem(parse({ postalCode: `0${rest}` }), "postalCode")).toMatch(/6-digit/);
      }),
    );
    expect(problem(parse({ postalCode: "56001" }), "postalCode")).toMatch(/6-digit/);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), digits(9), (first, rest) => {
        expect(problem(parse({ phone: `+91${first}${rest}` }), "phone")).toMatch(/Indian mobile/);
      }),
    );
  });

  it("refuses anyone under 18 on India's date, and accepts them on their 18th birthday", () => {
    expect(problem(parse({ dateOfBirth: "2008-11-23" }), "dateOfBirth")).toBe("You must be at least 18 years old");
    expect(parse({ dateOfBirth: "2008-11-22" }).success).toBe(true);
    expect(problem(parse({ dateOfBirth: "1990-02-30" }), "dateOfBirth")).toBe("Enter a valid date");
  });
});

describe("step 2, the typed document numbers", () => {
  const CONSENT = { aadhaarConsent: "on" };

  it("asks for explicit consent to use the Aadhaar", () => {
    expect(problem(documentNumbersSchema.safeParse({ panNumber: "ABCDE1234F" }), "aadhaarConsent")).toMatch(
      /agree to the use of your Aadhaar/,
    );
    expect(documentNumbersSchema.safeParse({ ...CONSENT, panNumber: "ABCDE1234F" }).success).toBe(true);
  });

  it("uppercases the PAN and refuses one out of shape", () => {
    expect(documentNumbersSchema.parse({ ...CONSENT, panNumber: " abcde1234f " }).panNumber).toBe("ABCDE1234F");
    for (const panNumber of ["ABCD1234F", "ABCDE12345", "12345ABCDE", "ABCDE1234FF", ""]) {
      expect(problem(documentNumbersSchema.safeParse({ ...CONSENT, panNumber }), "panNumber"), panNumber).not.toBeNull();
    }
  });

  it("takes no Aadhaar number, or one whose Verhoeff check digit is right; every wrong check digit is refused", () => {
    expect(documentNumbersSchema.parse({ ...CONSENT, panNumber: "ABCDE1234F", aadhaarNumber: "" }).aadhaarNumber).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), digits(10), fc.integer({ min: 1, max: 9 }), (first, rest, offset) => {
        const body = `${first}${rest}`;
        const check = verhoeffCheckDigit(body);
        const good = documentNumbersSchema.safeParse({
          ...CONSENT,
          panNumber: "ABCDE1234F",
          aadhaarNumber: `${body.slice(0, 4)} ${body.slice(4, 8)} ${body.slice(8)}${check}`,
        });
        expect(good.success).toBe(true);
        expect(good.data?.aadhaarNumber).toBe(`${body}${check}`);
        const bad = documentNumbersSchema.safeParse({
          ...CONSENT,
          panNumber: "ABCDE1234F",
          aadhaarNumber: `${body}${(check + offset) % 10}`,
        });
        expect(problem(bad, "aadhaarNumber")).toBe("Enter a valid 12-digit Aadhaar number");
      }),
    );
  });
});

describe("step 3, bank details", () => {
  const parse = (changes: Record<string, string>) => bankStepSchema.safeParse({ ...BANK, ...changes });

  it("uppercases the IFSC and refuses one without the zero in fifth place", () => {
    expect(parse({}).data?.ifscCode).toBe("HDFC0001234");
    expect(problem(parse({ ifscCode: "HDFC1001234" }), "ifscCode")).toMatch(/valid IFSC/);
    expect(problem(parse({ ifscCode: "HDF00001234" }), "ifscCode")).toMatch(/valid IFSC/);
  });

  it("reports different account numbers on the confirmation with the spec's title", () => {
    fc.assert(
      fc.property(digits(12), digits(12), (a, b) => {
        fc.pre(a !== b);
        expect(problem(parse({ accountNumber: a, confirmAccountNumber: b }), "confirmAccountNumber")).toBe(
          KYC_TOASTS.accountMismatch.title,
        );
      }),
    );
    expect(parse({ accountNumber: "5010 0234 5678 12" }).success).toBe(true);
  });

  it("takes savings or current only", () => {
    expect(parse({ accountType: "current" }).success).toBe(true);
    expect(problem(parse({ accountType: "fixed" }), "accountType")).toBe("Choose savings or current");
  });
});
