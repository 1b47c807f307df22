import { describe, expect, it } from "vitest";
import { createProperty } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { loadTradingPicker, TRADING_PICKER_LIMIT } from "./trading-picker.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

describe("the /trading property picker (issue 37)", () => {
  it("lists the first 50 tradable properties by title, finds the others by title or city, and keeps the one asked for", async () => {
    for (let i = 0; i < 70; i++) {
      await createProperty(prisma(), {
        title: `Picker Heights ${String(i).padStart(2, "0")}`,
        city: i === 64 ? "Shillong" : "Nashik",
        status: i % 10 === 9 ? "funded" : "open",
      });
    }
    const draft = await createProperty(prisma(), { title: "Picker Heights draft", status: "draft" });

    const first = await loadTradingPicker(prisma(), { find: "", wanted: null });
    expect(first.options).toHaveLength(TRADING_PICKER_LIMIT);
    expect(first.more).toBe(true);
    expect(first.selected?.title).toBe("Picker Heights 00");

    // Beyond the first 50: found by title, or by city, and selected first.
    const late = await loadTradingPicker(prisma(), { find: "heights 6", wanted: null });
    expect(late.options.map((p) => p.title)).toEqual([...Array(10).keys()].map((i) => `Picker Heights 6${i}`));
    expect(late.more).toBe(false);
    const byCity = await loadTradingPicker(prisma(), { find: "shillong", wanted: null });
    expect(byCity.selected?.title).toBe("Picker Heights 64");

    // The property asked for stays selected and listed, whatever the search.
    const asked = late.options[5]!;
    const kept = await loadTradingPicker(prisma(), { find: "", wanted: asked.id });
    expect(kept.selected?.id).toBe(asked.id);
    expect(kept.options[0]!.id).toBe(asked.id);
    expect(kept.options).toHaveLength(TRADING_PICKER_LIMIT + 1);

    // A draft is never tradable; "all" selects nothing; a search matching nothing lists nothing.
    expect((await loadTradingPicker(prisma(), { find: "", wanted: draft.id })).selected?.title).toBe("Picker Heights 00");
    expect((await loadTradingPicker(prisma(), { find: "", wanted: "all" })).selected).toBeNull();
    expect((await loadTradingPicker(prisma(), { find: "100%", wanted: null })).options).toEqual([]);
  });
});
