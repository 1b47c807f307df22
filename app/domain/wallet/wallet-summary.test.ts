import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, propertyIssue, userAvailable } from "../ledger/accounts.server";
import { createPendingJournal } from "../ledger/pending-journals.server";
import { postJournal } from "../ledger/post-journal.server";
import { getWalletSummary } from "./wallet-summary.server";

const db = useTestDatabase();

describe("getWalletSummary", () => {
  it("shows the balances and the user's own recent journals, newest first", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const property = await createProperty(prisma);
    type Kind = Parameters<typeof postJournal>[1]["kind"];
    const post = (kind: Kind, description: string, postings: Parameters<typeof postJournal>[1]["postings"], createdAt: Date) =>
      prisma.$transaction((tx) => postJournal(tx, { kind, description, postings, createdAt }));
    await post(
      "deposit",
      "Deposit",
      [
        { account: userAvailable(user.id), amount: "5000" },
        { account: platformCash, amount: "-5000" },
      ],
      new Date("2026-01-01"),
    );
    await post(
      "deposit",
      "Other user's deposit",
      [
        { account: userAvailable(other.id), amount: "70" },
        { account: platformCash, amount: "-70" },
      ],
      new Date("2026-01-02"),
    );
    await post(
      "investment",
      "Investment",
      [
        { account: userAvailable(user.id), amount: "-1020" },
        { account: propertyIssue(property.id), amount: "1020" },
      ],
      new Date("2026-02-01"),
    );
    // Held money moves only through a pending journal (the two-phase ledger).
    await prisma.$transaction((tx) =>
      createPendingJournal(tx, {
        kind: "buyer_hold",
        userId: user.id,
        amount: "300",
        expiresAt: new Date("2099-01-01"),
        description: "Hold",
        createdAt: new Date("2026-03-01"),
      }),
    );

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
    const user = await createUser(db.current.prisma, { email: "nowallet@example.in", wallet: false });
    expect(await getWalletSummary(db.current.prisma, user.id)).toEqual({ available: "0.00", held: "0.00", activity: [] });
  });
});
