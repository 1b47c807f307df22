import { describe, expect, it } from "vitest";
import { checkUpdateFields } from "./update-rules";

describe("an update's own checks", () => {
  it("trims and keeps a good update", () => {
    expect(checkUpdateFields({ title: "  Tenant renewed ", body: " Nine more years. ", statusLabel: "performing" })).toEqual({
      title: "Tenant renewed",
      body: "Nine more years.",
      statusLabel: "performing",
    });
  });

  it.each([
    [{ title: " ", body: "x", statusLabel: "watch" }, "title"],
    [{ title: "x".repeat(201), body: "x", statusLabel: "watch" }, "title"],
    [{ title: "x", body: "", statusLabel: "watch" }, "body"],
    [{ title: "x", body: "x".repeat(5001), statusLabel: "watch" }, "body"],
    [{ title: "x", body: "x", statusLabel: "sold" }, "statusLabel"],
  ])("refuses %j on its field", (fields, field) => {
    expect(() => checkUpdateFields(fields)).toThrow(expect.objectContaining({ status: 400, field }));
  });

  it("refuses more than three attachments", () => {
    expect(() => checkUpdateFields({ title: "x", body: "x", statusLabel: "vacant" }, 4)).toThrow(
      expect.objectContaining({ field: "attachments" }),
    );
  });
});
