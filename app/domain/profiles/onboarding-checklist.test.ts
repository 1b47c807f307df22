import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser, fundWallet } from "../../../tests/setup/factories";
import { onboardingChecklist } from "./onboarding-checklist.server";

const db = useTestDatabase();
const links = { kyc: "/kyc", wallet: "/dashboard/wallet", properties: "/properties", watchlist: "/properties?watch" };

const statuses = async (user: { id: string; kycStatus: string }) =>
  Object.fromEntries((await onboardingChecklist(db.current.prisma, user, links)).map((step) => [step.key, step.status]));

describe("the welcome checklist", () => {
  it("starts with every step to do, each linking to where it is done", async () => {
    const user = await createUser(db.current.prisma, { kycStatus: "pending" });
    const steps = await onboardingChecklist(db.current.prisma, user, links);
    expect(steps.map((step) => [step.key, step.status, step.link?.to])).toEqual([
      ["kyc", "todo", "/kyc"],
      ["funds", "todo", "/dashboard/wallet"],
      ["invest", "todo", "/properties"],
      ["watchlist", "todo", "/properties?watch"],
    ]);
  });

  it("follows the investor's real state: KYC under review, a funded wallet, a saved property", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma, { kycStatus: "under_review" });
    await fundWallet(prisma, user.id, "5000.00");
    const property = await createProperty(prisma, {});
    await prisma.watchlistEntry.create({ data: { userId: user.id, propertyId: property.id } });
    expect(await statuses(user)).toEqual({ kyc: "in-progress", funds: "done", invest: "todo", watchlist: "done" });
    expect(await statuses({ id: user.id, kycStatus: "approved" })).toMatchObject({ kyc: "done" });
  });
});
