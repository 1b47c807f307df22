import { describe, expect, it } from "vitest";
import { formatINR } from "~/lib/money";
import { distributionWidthPercent, percentChange, signedAmount } from "./overview-figures";

describe("percentChange", () => {
  it("gives one decimal with its sign", () => {
    expect(percentChange("1000", "1125")).toBe("+12.5%");
    expect(percentChange("3000", "2000")).toBe("−33.3%");
    expect(percentChange("3000", "3001")).toBe("0.0%");
    expect(percentChange("1000", "1000")).toBe("0.0%");
  });

  it("rounds half up at the first decimal", () => {
    expect(percentChange("1000", "1000.5")).toBe("+0.1%");
    expect(percentChange("1000", "1000.4")).toBe("0.0%");
  });

  it("shows a dash when nothing was invested", () => {
    expect(percentChange("0", "0")).toBe("—");
    expect(percentChange("0", "500")).toBe("—");
  });
});

describe("signedAmount", () => {
  const rupees = (value: Parameters<typeof formatINR>[0]) => formatINR(value);
  it("puts the sign in front of the rupee symbol", () => {
    expect(signedAmount("2000", rupees)).toBe("+₹2,000");
    expect(signedAmount("-1500.4", rupees)).toBe("−₹1,500");
    expect(signedAmount("0", rupees)).toBe("₹0");
  });

  it("shows no sign for an amount that rounds to nothing", () => {
    expect(signedAmount("0.3", rupees)).toBe("₹0");
  });
});

describe("distributionWidthPercent", () => {
  it("adds 25% per property and stops at 100%", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(distributionWidthPercent)).toEqual([0, 25, 50, 75, 100, 100, 100]);
  });
});
