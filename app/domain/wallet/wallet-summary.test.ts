import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, propertyIssue, userAvailable } from "../ledger/accounts.server";
import { createPendingJournal, postPendingJournal, voidPendingJournal } from "../ledger/pending-journals.server";
import { postJournal } from "../ledger/post-journal.server";
import { getWalletSummary } from "./wallet-summary.server";
import { walletActivityEffect } from "./wallet-activity";

const db = useTestDatabase();

/** A deposit of `amount` into the user's wallet, dated `day`. */
const deposit = (userId: string, amount: string, day: string) =>
  db.current.prisma.$transaction((tx) =>
    postJournal(tx, {
      kind: "deposit",
      description: "Deposit",
      postings: [
        { account: userAvailable(userId), amount },
        { account: platformCash, amount: `-${amount}` },
      ],
      createdAt: new Date(day),
    }),
  );

describe("getWalletSummary", () => {
  it("shows the balances and the user's own recent journals, newest first", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const property = await createProperty(prisma);
    type Kind = Parameters<typeof postJournal>[1]["kind"];
    const post = (kind: Kind, description: string, postings: Parameters<typeof postJournal>[1]["postings"], createdAt: Date) =>
      prisma.$transaction((tx) => postJournal(tx, { kind, description, postings, createdAt }));
    await deposit(user.id, "5000", "2026-01-01");
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
    // A hold leaves the wallet's total alone but sets 300 aside: the line says so.
    expect(summary.activity.map((a) => [a.description, a.held, walletActivityEffect(a)])).toEqual([
      ["Hold", "300.00", { kind: "held", amount: "300.00" }],
      ["Investment", "0.00", { kind: "moved", amount: "-1020.00" }],
      ["Deposit", "0.00", { kind: "moved", amount: "5000.00" }],
    ]);
  });

  it("reads a hold given back as released, and a held withdrawal paid out as money that left", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    await deposit(user.id, "5000", "2026-01-01");
    const hold = (description: string, amount: string, day: string) =>
      prisma.$transaction((tx) =>
        createPendingJournal(tx, {
          kind: "withdrawal_hold",
          userId: user.id,
          amount,
          expiresAt: new Date("2099-01-01"),
          description,
          createdAt: new Date(day),
        }),
      );
    const returned = await hold("Held, then cancelled", "1200", "2026-02-01");
    await prisma.$transaction((tx) => voidPendingJournal(tx, { pendingJournalId: returned.journalId, reason: "Cancelled" }));
    const paid = await hold("Held, then paid", "800", "2026-02-02");
    await prisma.$transaction((tx) =>
      postPendingJournal(tx, {
        pendingJournalId: paid.journalId,
        destinations: [{ account: platformCash, amount: "800" }],
        description: "Paid out",
      }),
    );

    const summary = await getWalletSummary(prisma, user.id);
    expect(summary).toMatchObject({ available: "4200.00", held: "0.00" });
    expect(Object.fromEntries(summary.activity.map((a) => [a.description, walletActivityEffect(a)]))).toEqual({
      "Paid out": { kind: "moved", amount: "-800.00" },
      "Held, then paid": { kind: "held", amount: "800.00" },
      Cancelled: { kind: "released", amount: "1200.00" },
      "Held, then cancelled": { kind: "held", amount: "1200.00" },
      Deposit: { kind: "moved", amount: "5000.00" },
    });
  });

  it("reads zero for a user with no wallet row yet", async () => {
    const user = await createUser(db.current.prisma, { email: "nowallet@example.in", wallet: false });
    expect(await getWalletSummary(db.current.prisma, user.id)).toEqual({ available: "0.00", held: "0.00", activity: [] });
  });
});
