import { describe, expect, it } from "vitest";
import { singleton } from "./singleton.server";

describe("singleton", () => {
  it("creates the value once and hands every caller the same one", () => {
    let created = 0;
    const make = () => ({ n: ++created });
    const first = singleton("test.counter", make);
    const second = singleton("test.counter", make);
    expect(second).toBe(first);
    expect(created).toBe(1);
  });

  it("keeps values of different names apart", () => {
    expect(singleton("test.a", () => "a")).toBe("a");
    expect(singleton("test.b", () => "b")).toBe("b");
  });
});
