import { describe, expect, it } from "vitest";
import { addToast, DEFAULT_TOAST_MS, MAX_VISIBLE_TOASTS, removeToast, toastDuration, type Toast } from "./toast";

const toast = (id: string, overrides: Partial<Toast> = {}): Toast => ({ id, kind: "info", title: `Toast ${id}`, ...overrides });

describe("addToast", () => {
  it("shows at most three, newest first, dropping the oldest", () => {
    let queue: Toast[] = [];
    for (const id of ["a", "b", "c", "d"]) queue = addToast(queue, toast(id));
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(queue.map((t) => t.id)).toEqual(["d", "c", "b"]);
  });

  it("does not show the same toast twice", () => {
    const queue = addToast(addToast([], toast("a")), toast("a", { title: "Again" }));
    expect(queue).toEqual([toast("a", { title: "Again" })]);
  });

  it("leaves the given queue untouched", () => {
    const queue = [toast("a")];
    addToast(queue, toast("b"));
    expect(queue).toEqual([toast("a")]);
  });
});

describe("removeToast", () => {
  it("removes only the dismissed toast", () => {
    expect(removeToast([toast("a"), toast("b")], "a").map((t) => t.id)).toEqual(["b"]);
  });
});

describe("toastDuration", () => {
  it("defaults to five seconds", () => {
    expect(DEFAULT_TOAST_MS).toBe(5_000);
    expect(toastDuration({ kind: "success", title: "Saved" })).toBe(5_000);
    expect(toastDuration({ kind: "info", title: "Heads up" })).toBe(5_000);
    expect(toastDuration({ kind: "warning", title: "Careful" })).toBe(5_000);
  });

  it("keeps errors until dismissed", () => {
    expect(toastDuration({ kind: "error", title: "Request Failed" })).toBeNull();
  });

  it.each([
    ["Welcome back", 6_000],
    ["Welcome aboard", 6_000],
    ["Goodbye", 4_000],
    ["KYC Submitted", 5_000],
    ["KYC Pending", 6_000],
    ["Profile Updated", 4_000],
    ["Deposit Successful", 6_000],
    ["Withdrawal Successful", 6_000],
    ["Back Online", 3_000],
  ])("gives '%s' %i ms", (title, ms) => {
    expect(toastDuration({ kind: "success", title })).toBe(ms);
  });

  it.each(["KYC Approved", "KYC Rejected", "Investment Successful"])("keeps '%s' until dismissed", (title) => {
    expect(toastDuration({ kind: "success", title })).toBeNull();
  });

  it("lets an explicit topic decide, whatever the title says", () => {
    expect(toastDuration({ kind: "success", title: "Funds added", topic: "wallet" })).toBe(6_000);
    expect(toastDuration({ kind: "success", title: "You're in", topic: "sign-in" })).toBe(6_000);
    expect(toastDuration({ kind: "success", title: "Approved!", topic: "kyc-approved" })).toBeNull();
  });
});
