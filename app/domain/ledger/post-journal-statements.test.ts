import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, platformFees, propertyIssue, userAvailable, type AccountRef } from "./accounts.server";
import { createPendingJournal, postPendingJournal, voidPendingJournal } from "./pending-journals.server";
import { postJournal } from "./post-journal.server";

const db = useTestDatabase();
const statements: string[] = [];

/** A client that reports every statement it sends (Prisma's query log, as events). */
function countingClient(url: string) {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 2 }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (event) => statements.push(event.query));
  return client;
}
let counting: ReturnType<typeof countingClient>;

beforeAll(() => {
  counting = countingClient(db.current.url);
});
afterAll(() => counting.$disconnect());

/** The SQL statements one postJournal call sends, counted from inside its transaction. */
async function statementsFor(postings: { account: AccountRef; amount: string }[]): Promise<string[]> {
  return counting.$transaction(async (tx) => {
    const before = statements.length;
    await postJournal(tx, { kind: "investment", description: "counted", postings });
    return statements.slice(before);
  });
}

describe("postJournal's round trips", () => {
  it("sends the same number of statements whatever the number of postings", async () => {
    const users = [await createUser(db.current.prisma), await createUser(db.current.prisma), await createUser(db.current.prisma)];
    const property = await createProperty(db.current.prisma);
    for (const user of users) {
      await counting.$transaction((tx) =>
        postJournal(tx, {
          kind: "deposit",
          description: "funds",
          postings: [
            { account: userAvailable(user.id), amount: "1000" },
            { account: platformCash, amount: "-1000" },
          ],
        }),
      );
    }
    const [a, b, c] = users.map((u) => u.id) as [string, string, string];
    const three = await statementsFor([
      { account: userAvailable(a), amount: "-102" },
      { account: propertyIssue(property.id), amount: "100" },
      { account: platformFees, amount: "2" },
    ]);
    const seven = await statementsFor([
      { account: userAvailable(a), amount: "-10" },
      { account: userAvailable(b), amount: "-10" },
      { account: userAvailable(c), amount: "-10" },
      { account: propertyIssue(property.id), amount: "20" },
      { account: platformFees, amount: "4" },
      { account: platformCash, amount: "5" },
      { account: platformFees, amount: "1" },
    ]);
    console.log(`statements for a 3-posting journal: ${three.length}; for a 7-posting journal over 3 wallets: ${seven.length}`);
    // One resolves the accounts and wallets; one writes the journal, its postings and the wallets.
    expect(three.length).toBe(2);
    expect(seven.length).toBe(2);
  });

  it("adds one read to resolve a pending journal, whatever the number of destinations", async () => {
    const buyer = await createUser(db.current.prisma);
    const [s1, s2, s3] = [await createUser(db.current.prisma), await createUser(db.current.prisma), await createUser(db.current.prisma)];
    await counting.$transaction((tx) =>
      postJournal(tx, {
        kind: "deposit",
        description: "funds",
        postings: [
          { account: userAvailable(buyer.id), amount: "1000" },
          { account: platformCash, amount: "-1000" },
        ],
      }),
    );
    const hold = () =>
      counting.$transaction((tx) =>
        createPendingJournal(tx, {
          kind: "buyer_hold",
          userId: buyer.id,
          amount: "100",
          expiresAt: new Date(Date.now() + 3_600_000),
          description: "hold",
        }),
      );
    const counted = (work: (tx: Parameters<Parameters<typeof counting.$transaction>[0]>[0]) => Promise<unknown>) =>
      counting.$transaction(async (tx) => {
        const before = statements.length;
        await work(tx);
        return statements.length - before;
      });
    const pending = [(await hold()).journalId, (await hold()).journalId, (await hold()).journalId];
    const createCount = await counted((tx) =>
      createPendingJournal(tx, {
        kind: "buyer_hold",
        userId: buyer.id,
        amount: "1",
        expiresAt: new Date(Date.now() + 3_600_000),
        description: "hold",
      }),
    );
    const oneDestination = await counted((tx) =>
      postPendingJournal(tx, {
        pendingJournalId: pending[0]!,
        destinations: [{ account: userAvailable(s1.id), amount: "60" }],
        description: "post",
      }),
    );
    const threeDestinations = await counted((tx) =>
      postPendingJournal(tx, {
        pendingJournalId: pending[1]!,
        destinations: [
          { account: userAvailable(s1.id), amount: "30" },
          { account: userAvailable(s2.id), amount: "30" },
          { account: userAvailable(s3.id), amount: "30" },
        ],
        description: "post",
      }),
    );
    const voidCount = await counted((tx) => voidPendingJournal(tx, { pendingJournalId: pending[2]!, reason: "void" }));
    console.log(
      `statements: pending ${createCount}, post ${oneDestination} / ${threeDestinations} (1 / 3 destinations), void ${voidCount}`,
    );
    expect([createCount, oneDestination, threeDestinations, voidCount]).toEqual([2, 3, 3, 3]);
  });
});
