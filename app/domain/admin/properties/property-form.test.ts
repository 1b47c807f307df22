import { describe, expect, it } from "vitest";
import { parsePropertyForm } from "./property-form";

const complete = {
  title: "Palm Court",
  description: "Sea view",
  address: "1 Beach Rd",
  city: "Goa",
  totalValue: "1,00,00,000",
  sharePrice: "30000",
  fundingGoal: "1000000",
};

describe("the property form", () => {
  it("lists every missing required field in the spec's words", () => {
    const result = parsePropertyForm({ title: "Palm Court", city: " " }, "create");
    expect(result).toMatchObject({
      ok: false,
      title: "Missing Required Fields",
      message: "Please fill in: Description, Address, City, Total value, Share price, Funding goal",
    });
  });

  it("refuses a number that is not one", () => {
    expect(parsePropertyForm({ ...complete, sharePrice: "12abc" }, "create")).toMatchObject({
      ok: false,
      title: "Invalid Number",
      message: "Share price must be a valid number",
    });
    expect(parsePropertyForm({ ...complete, sharePrice: "0" }, "edit")).toMatchObject({ ok: false, title: "Invalid Number" });
  });

  it("fills in the defaults: India, residential, draft, minimum = share price, floor(goal / price) shares", () => {
    const result = parsePropertyForm(complete, "create");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      country: "India",
      propertyType: "residential",
      propertyStatus: "draft",
      totalValue: "10000000.00",
      minimumInvestment: "30000.00",
      maximumInvestment: null,
      expectedAnnualReturn: null,
      featured: false,
      totalShares: 33,
    });
  });

  it("keeps the create form's statuses to draft, open and closed", () => {
    const funded = parsePropertyForm({ ...complete, propertyStatus: "funded" }, "create");
    expect(funded.ok && funded.data.propertyStatus).toBe("draft");
    const edited = parsePropertyForm({ ...complete, propertyStatus: "funded", propertyType: "mixed-use" }, "edit");
    expect(edited.ok && edited.data.propertyStatus).toBe("funded");
    expect(edited.ok && edited.data.propertyType).toBe("mixed");
  });
});
