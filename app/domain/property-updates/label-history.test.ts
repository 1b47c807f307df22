import { describe, expect, it } from "vitest";
import { labelHistory } from "./label-history";

const at = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("a property's label history", () => {
  it("keeps each change once, newest first, dated when it took effect", () => {
    const updates = [
      { statusLabel: "performing", publishedAt: at(9) },
      { statusLabel: "watch", publishedAt: at(5) },
      { statusLabel: "watch", publishedAt: at(3) },
      { statusLabel: "performing", publishedAt: at(1) },
    ];
    expect(labelHistory(updates)).toEqual([
      { statusLabel: "performing", since: at(9) },
      { statusLabel: "watch", since: at(3) },
      { statusLabel: "performing", since: at(1) },
    ]);
  });

  it("is empty without updates", () => {
    expect(labelHistory([])).toEqual([]);
  });
});
