import { describe, expect, it } from "vitest";
import { walletEffect } from "./wallet-effect";

const effect = (type: Parameters<typeof walletEffect>[0]["type"], amount: string, fee = "0") =>
  walletEffect({ type, amount, fee }).toFixed(2);

describe("walletEffect", () => {
  it("adds money coming in and subtracts money going out", () => {
    expect(effect("deposit", "1000.50")).toBe("1000.50");
    expect(effect("dividend", "12")).toBe("12.00");
    expect(effect("share_sale", "300")).toBe("300.00");
    expect(effect("investment", "100000")).toBe("-100000.00");
    expect(effect("withdrawal", "5000")).toBe("-5000.00");
    expect(effect("fee", "10")).toBe("-10.00");
  });

  it("adds a purchase's fee to what it cost and takes a sale's fee from what it paid", () => {
    expect(effect("investment", "200000", "4000")).toBe("-204000.00");
    expect(effect("share_sale", "10000", "360")).toBe("9640.00");
  });

  it("charges a fee row once: its amount is the charge, even when the fee column repeats it", () => {
    expect(effect("fee", "10", "10")).toBe("-10.00");
  });
});
