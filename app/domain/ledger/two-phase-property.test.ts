import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, platformFees, userAvailable } from "./accounts.server";
import { checkLedger } from "./check-ledger.server";
import { InsufficientFundsError, PendingAlreadyResolvedError } from "./errors.server";
import { createPendingJournal, postPendingJournal, voidPendingJournal } from "./pending-journals.server";
import { postJournal } from "./post-journal.server";

const db = useTestDatabase();

type Op =
  | { op: "deposit"; user: number; paise: number }
  | { op: "hold"; user: number; paise: number }
  | { op: "post"; hold: number; percent: number; toUser: number | null }
  | { op: "void"; hold: number };

const USERS = 3;
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("deposit" as const), user: fc.nat(USERS - 1), paise: fc.integer({ min: 1, max: 500_00 }) }),
  fc.record({ op: fc.constant("hold" as const), user: fc.nat(USERS - 1), paise: fc.integer({ min: 1, max: 400_00 }) }),
  fc.record({
    op: fc.constant("post" as const),
    hold: fc.nat(20),
    percent: fc.integer({ min: 1, max: 100 }),
    toUser: fc.option(fc.nat(USERS - 1), { nil: null }),
  }),
  fc.record({ op: fc.constant("void" as const), hold: fc.nat(20) }),
);

/** Integer paise as a rupee string, without passing through a float. */
const rupees = (paise: number) => {
  const whole = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
};

describe("random sequences of deposits, holds, posts and voids", () => {
  it("keep every wallet equal to a paise-exact model, and ledger:check clean", { timeout: 120_000 }, async () => {
    const { prisma } = db.current;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const users = await Promise.all(Array.from({ length: USERS }, () => createUser(prisma).then((u) => u.id)));
        const model = users.map(() => ({ available: 0, held: 0 }));
        const holds: { id: string; user: number; paise: number; open: boolean }[] = [];

        for (const step of ops) {
          if (step.op === "deposit") {
            await prisma.$transaction((tx) =>
              postJournal(tx, {
                kind: "deposit",
                description: "deposit",
                postings: [
                  { account: userAvailable(users[step.user]!), amount: rupees(step.paise) },
                  { account: platformCash, amount: rupees(-step.paise) },
                ],
              }),
            );
            model[step.user]!.available += step.paise;
          } else if (step.op === "hold") {
            const attempt = prisma.$transaction((tx) =>
              createPendingJournal(tx, {
                kind: "buyer_hold",
                userId: users[step.user]!,
                amount: rupees(step.paise),
                expiresAt: new Date(Date.now() + 3_600_000),
                description: "hold",
              }),
            );
            if (model[step.user]!.available < step.paise) {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
            } else {
              holds.push({ id: (await attempt).journalId, user: step.user, paise: step.paise, open: true });
              model[step.user]!.available -= step.paise;
              model[step.user]!.held += step.paise;
            }
          } else {
            const target = holds[step.hold % Math.max(holds.length, 1)];
            if (!target) continue;
            const owner = model[target.user]!;
            if (step.op === "void") {
              const attempt = prisma.$transaction((tx) => voidPendingJournal(tx, { pendingJournalId: target.id, reason: "void" }));
              if (!target.open) {
                await expect(attempt).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
                continue;
              }
              await attempt;
              owner.available += target.paise;
            } else {
              const posted = Math.max(1, Math.floor((target.paise * step.percent) / 100));
              const account = step.toUser === null ? platformFees : userAvailable(users[step.toUser]!);
              const attempt = prisma.$transaction((tx) =>
                postPendingJournal(tx, {
                  pendingJournalId: target.id,
                  destinations: [{ account, amount: rupees(posted) }],
                  description: "post",
                }),
              );
              if (!target.open) {
                await expect(attempt).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
                continue;
              }
              await attempt;
              owner.available += target.paise - posted;
              if (step.toUser !== null) model[step.toUser]!.available += posted;
            }
            owner.held -= target.paise;
            target.open = false;
          }
        }

        const wallets = await prisma.escrowBalance.findMany({ where: { userId: { in: users } } });
        for (const [index, userId] of users.entries()) {
          const row = wallets.find((w) => w.userId === userId)!;
          expect({ available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) }).toEqual({
            available: rupees(model[index]!.available),
            held: rupees(model[index]!.held),
          });
        }
        expect(await checkLedger(prisma)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
