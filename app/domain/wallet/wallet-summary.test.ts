import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, propertyIssue, userAvailable, userHeld } from "../ledger/accounts.server";
import { postJournal } from "../ledger/post-journal.server";
import { getWalletSummary } from "./wallet-summary.server";

const db = useTestDatabase();

describe("getWalletSummary", () => {
  it("shows the balances and the user's own recent journals, newest first", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const property = await createProperty(prisma);
    const post = (description: string, postings: Parameters<typeof postJournal>[1]["postings"], createdAt: Date) =>
      prisma.$transaction((tx) => postJournal(tx, { kind: "test", description, postings, createdAt }));
    await post("Deposit", [{ account: userAvailable(user.id), amount: "5000" }, { account: platformCash, amount: "-5000" }], new Date("2026-01-01"));
    await post("Other user's deposit", [{ account: userAvailable(other.id), amount: "70" }, { account: platformCash, amount: "-70" }], new Date("2026-01-02"));
    await post("Investment", [{ account: userAvailable(user.id), amount: "-1020" }, { account: propertyIssue(property.id), amount: "1020" }], new Date("2026-02-01"));
    await post("Hold", [{ account: userAvailable(user.id), amount: "-300" }, { account: userHeld(user.id), amount: "300" }], new Date("2026-03-01"));

    const summary = await getWalletSummary(prisma, user.id);
    expect(summary.available).toBe("3680.00");
    expect(summary.held).toBe("300.00");
    expect(summary.activity.map((a) => [a.description, a.amount])).toEqual([
      ["Hold", "0.00"],
      ["Investment", "-1020.00"],
      ["Deposit", "5000.00"],
    ]);
  });

  it("reads zero for a user with no wallet row yet", async () => {
    const user = await db.current.prisma.userProfile.create({
      data: { email: "nowallet@example.in", trialExpiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect(await getWalletSummary(db.current.prisma, user.id)).toEqual({ available: "0.00", held: "0.00", activity: [] });
  });
});
