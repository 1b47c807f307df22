import { describe, expect, it } from "vitest";
import { personalStepSchema } from "./kyc/kyc-steps";
import { isPersonName } from "./person-name";

describe("person names", () => {
  it.each(["Asha Rao", "D'Souza", "Jean-Luc O'Neil", "S. Raghavan", "अनीता शर्मा", "முருகன்", "Zoë Ağaoğlu", "ਗੁਰਪ੍ਰੀਤ"])(
    "accepts %j",
    (name) => {
      expect(isPersonName(name)).toBe(true);
    },
  );

  it.each([
    "Asha\r\nBcc: ops@example.in",
    "Asha\nRao",
    "Asha\tRao",
    "Asha\u0000",
    "Asha\u0085Rao",
    "<b>Asha</b>",
    "Asha <script>",
    "Asha & Co",
    "Asha@example.in",
    "Asha (admin)",
    "12345",
    "-Asha",
    ".",
    "",
  ])("refuses %j", (name) => {
    expect(isPersonName(name)).toBe(false);
  });

  it("is the KYC form's rule for the full name", () => {
    const personal = {
      dateOfBirth: "1990-04-12",
      address: "12 MG Road",
      city: "Bengaluru",
      stateCode: "29",
      postalCode: "560001",
      phone: "98765 43210",
      country: "India",
    };
    const now = new Date("2026-11-22T06:00:00Z");
    expect(personalStepSchema(now).safeParse({ ...personal, fullName: "Asha Rao" }).success).toBe(true);
    const forged = personalStepSchema(now).safeParse({ ...personal, fullName: "Asha\r\nSubject: refund approved" });
    expect(forged.success).toBe(false);
    expect(forged.error?.issues[0]).toMatchObject({ path: ["fullName"], message: "Use letters, spaces and . ' - only" });
  });
});
