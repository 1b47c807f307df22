import { describe, expect, it } from "vitest";
import { requestAdminRightsChange } from "~/domain/approvals/admin-rights.server";
import { approveMoneyMovement } from "~/domain/approvals/four-eyes.server";
import { setPropertyRoi } from "~/domain/market/share-trading-admin.server";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { listAuditLog, readAuditFilters } from "./list-audit-log.server";
import { overrideTier } from "./users/manage-user.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

describe("the audit log in words", () => {
  it("shows each entry as a sentence naming the admin and the target, with what changed, and no raw JSON", async () => {
    const asha = await createUser(prisma(), { isAdmin: true, kycStatus: "approved", fullName: "Asha Rao", email: "asha@example.in" });
    const vikram = await createUser(prisma(), {
      isAdmin: true,
      kycStatus: "approved",
      fullName: "Vikram Shah",
      email: "vikram@example.in",
    });
    const ravi = await createUser(prisma(), { fullName: "Ravi Kumar", email: "ravi@example.in" });
    const property = await createProperty(prisma(), { status: "funded", title: "Lakeside Court" });

    await overrideTier(prisma(), { adminId: asha.id, userId: ravi.id, tier: "small_investor" });
    const { approvalId } = await requestAdminRightsChange(prisma(), { adminId: asha.id, userId: ravi.id, grant: true });
    await approveMoneyMovement(prisma(), { approvalId, adminId: vikram.id });
    await setPropertyRoi(prisma(), { adminId: vikram.id, propertyId: property.id, roi: "8.5" });
    await setPropertyRoi(prisma(), { adminId: vikram.id, propertyId: property.id, roi: "0" });

    const log = await listAuditLog(prisma(), readAuditFilters(new URLSearchParams()));
    const sentences = log.rows.map((row) => row.sentence);
    expect(sentences).toEqual([
      `Vikram Shah cleared the actual ROI of "Lakeside Court" (hidden from investors).`,
      `Vikram Shah set the actual ROI of "Lakeside Court" to 8.50%.`,
      "Vikram Shah granted admin rights to Ravi Kumar (ravi@example.in).",
      "Vikram Shah approved the waiting request on Ravi Kumar (ravi@example.in).",
      "Asha Rao asked a second admin to approve a change to Ravi Kumar (ravi@example.in).",
      "Asha Rao set the tier of Ravi Kumar (ravi@example.in) to Small Investor (override).",
    ]);
    const tier = log.rows.find((row) => row.action === "user.tier_override")!;
    expect(tier.changes).toEqual(["Tier: Explorer → Small Investor", "Tier override by admin: no → yes"]);
    const request = log.rows.find((row) => row.action === "approval.request")!;
    expect(request.note).toBe("Grant admin rights to Ravi Kumar (ravi@example.in): awaiting a second admin's approval");
    for (const row of log.rows) {
      for (const words of [row.sentence, ...row.changes, row.note ?? ""]) expect(words).not.toMatch(/[{}]|":/);
      expect(row).not.toHaveProperty("details");
    }
  });
});
