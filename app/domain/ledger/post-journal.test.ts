import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { platformCash, propertyIssue, userAvailable, userHeld } from "./accounts.server";
import { checkLedger } from "./check-ledger.server";
import { DuplicateJournalError, InsufficientFundsError, LedgerError } from "./errors.server";
import { createPendingJournal } from "./pending-journals.server";
import { postJournal } from "./post-journal.server";

const db = useTestDatabase();

async function deposit(userId: string, amount: string, idempotencyKey?: string) {
  return db.current.prisma.$transaction((tx) =>
    postJournal(tx, {
      kind: "deposit",
      description: "Funds added",
      idempotencyKey,
      postings: [
        { account: userAvailable(userId), amount },
        { account: platformCash, amount: `-${amount}` },
      ],
    }),
  );
}

async function wallet(userId: string) {
  const row = await db.current.prisma.escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

describe("postJournal", () => {
  it("moves the wallet by exactly the posted amounts, in paise", async () => {
    const user = await createUser(db.current.prisma);
    await deposit(user.id, "0.10");
    await deposit(user.id, "0.20");
    expect(await wallet(user.id)).toEqual({ available: "0.30", held: "0.00" });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("moves money between available and held", async () => {
    const user = await createUser(db.current.prisma);
    await deposit(user.id, "5000");
    await db.current.prisma.$transaction((tx) =>
      createPendingJournal(tx, {
        kind: "buyer_hold",
        userId: user.id,
        amount: "1200.50",
        expiresAt: new Date(Date.now() + 3_600_000),
        description: "Hold for a listing",
      }),
    );
    expect(await wallet(user.id)).toEqual({ available: "3799.50", held: "1200.50" });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("leaves held balances to pending journals", async () => {
    const user = await createUser(db.current.prisma);
    await deposit(user.id, "5000");
    await expect(
      db.current.prisma.$transaction((tx) =>
        postJournal(tx, {
          kind: "adjustment",
          description: "A hold outside the two-phase path",
          postings: [
            { account: userAvailable(user.id), amount: "-100" },
            { account: userHeld(user.id), amount: "100" },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await wallet(user.id)).toEqual({ available: "5000.00", held: "0.00" });
  });

  it("refuses an overdraft and leaves nothing behind", async () => {
    const user = await createUser(db.current.prisma);
    const property = await createProperty(db.current.prisma);
    await deposit(user.id, "100");
    const journalsBefore = await db.current.prisma.ledgerJournal.count();
    await expect(
      db.current.prisma.$transaction((tx) =>
        postJournal(tx, {
          kind: "investment",
          description: "Too much",
          postings: [
            { account: userAvailable(user.id), amount: "-100.01" },
            { account: propertyIssue(property.id), amount: "100.01" },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await wallet(user.id)).toEqual({ available: "100.00", held: "0.00" });
    expect(await db.current.prisma.ledgerJournal.count()).toBe(journalsBefore);
  });

  it("rejects unbalanced, single-sided and sub-paisa postings before touching the database", async () => {
    const user = await createUser(db.current.prisma);
    const cases = [
      [
        { account: userAvailable(user.id), amount: "10" },
        { account: platformCash, amount: "-9" },
      ],
      [{ account: userAvailable(user.id), amount: "10" }],
      [
        { account: userAvailable(user.id), amount: "0.005" },
        { account: platformCash, amount: "-0.005" },
      ],
      [
        { account: userAvailable(user.id), amount: "0" },
        { account: platformCash, amount: "0" },
      ],
    ];
    for (const postings of cases) {
      await expect(
        db.current.prisma.$transaction((tx) => postJournal(tx, { kind: "deposit", description: "bad", postings })),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    expect(await db.current.prisma.ledgerJournal.count({ where: { description: "bad" } })).toBe(0);
  });

  it("answers a repeated idempotency key with DuplicateJournalError and no second effect", async () => {
    const user = await createUser(db.current.prisma);
    await deposit(user.id, "250", "deposit-once");
    await expect(deposit(user.id, "250", "deposit-once")).rejects.toBeInstanceOf(DuplicateJournalError);
    expect(await wallet(user.id)).toEqual({ available: "250.00", held: "0.00" });
  });

  it("never overdraws under concurrent debits", async () => {
    const user = await createUser(db.current.prisma);
    const property = await createProperty(db.current.prisma);
    await deposit(user.id, "1000");
    // Twenty-five transactions queue for the pool and then for the wallet's row: on a busy host
    // Prisma's default 2 s wait for a connection refused some before they reached the ledger,
    // which is not the refusal this test is about.
    const attempts = Array.from({ length: 25 }, () =>
      db.current.prisma.$transaction(
        (tx) =>
          postJournal(tx, {
            kind: "investment",
            description: "race",
            postings: [
              { account: userAvailable(user.id), amount: "-100" },
              { account: propertyIssue(property.id), amount: "100" },
            ],
          }),
        { maxWait: 60_000, timeout: 60_000 },
      ),
    );
    const results = await Promise.allSettled(attempts);
    const succeeded = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected" && r.reason instanceof InsufficientFundsError).length;
    expect(succeeded).toBe(10);
    expect(refused).toBe(15);
    expect(await wallet(user.id)).toEqual({ available: "0.00", held: "0.00" });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });
});

describe("checkLedger", () => {
  it("names the account whose cached balance differs from its postings", async () => {
    const user = await createUser(db.current.prisma);
    await deposit(user.id, "500");
    // Tamper with the cache directly, as a bug outside postJournal would.
    await db.current.prisma.$executeRaw`UPDATE escrow_balances SET available_balance = 400 WHERE user_id = ${user.id}::uuid`;
    const problems = await checkLedger(db.current.prisma);
    expect(problems).toContainEqual({
      account: `user:${user.id}:available`,
      problem: "wallet shows 400.00 but postings sum to 500.00",
    });
  });
});
