import { describe, expect, it } from "vitest";
import { createProperty } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { listSellingSettings } from "./selling-settings.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

describe("the share-selling table of /admin/share-trading, paged (issue 37)", () => {
  it("pages every listed property by title from the last one seen, searches title and city, and reads halts for the page only", async () => {
    // Sixty properties, titles sharing names in pairs (ties are broken by id), and a draft.
    for (let i = 0; i < 60; i++) {
      await createProperty(prisma(), {
        title: `Pager Court ${String(Math.floor(i / 2)).padStart(2, "0")}`,
        city: i < 3 ? "Shillong" : "Nashik",
      });
    }
    await createProperty(prisma(), { title: "Pager Court draft", status: "draft" });
    const halted = await createProperty(prisma(), { title: "Pager Court zz halted" });
    await prisma().marketBook.create({ data: { propertyId: halted.id, halted: true, haltReason: "Valuation under review" } });

    const byNumber = await Promise.all(
      [1, 2, 3].map((page) => listSellingSettings(prisma(), { search: "pager court", page, direction: null })),
    );
    expect(byNumber.map((page) => page.properties.length)).toEqual([25, 25, 11]);
    expect(byNumber[0]!.total).toBe(61);
    expect(byNumber.flatMap((page) => page.properties.map((p) => p.title))).not.toContain("Pager Court draft");

    const second = await listSellingSettings(prisma(), {
      search: "pager court",
      page: 2,
      direction: { after: byNumber[0]!.cursors.next! },
    });
    expect(second.properties.map((p) => p.id)).toEqual(byNumber[1]!.properties.map((p) => p.id));
    const back = await listSellingSettings(prisma(), { search: "pager court", page: 1, direction: { before: second.cursors.previous! } });
    expect(back.properties.map((p) => p.id)).toEqual(byNumber[0]!.properties.map((p) => p.id));

    const last = byNumber[2]!.properties;
    expect(last[last.length - 1]).toMatchObject({ id: halted.id, halted: true, haltReason: "Valuation under review" });
    expect(byNumber[0]!.properties.every((p) => !p.halted)).toBe(true);

    const inShillong = await listSellingSettings(prisma(), { search: "SHILLONG", page: 1, direction: null });
    expect(inShillong.properties.map((p) => p.title)).toEqual(["Pager Court 00", "Pager Court 00", "Pager Court 01"]);
  });
});
