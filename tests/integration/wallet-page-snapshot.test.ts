import { describe, expect, it } from "vitest";
import { platformCash, userAvailable } from "../../app/domain/ledger/accounts.server";
import { postJournal } from "../../app/domain/ledger/post-journal.server";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { readWalletPage } from "../../app/domain/wallet/wallet-page.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

describe("a wallet page's reads", () => {
  it("show the wallet as it was before a commit that lands between them, never half of it", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "10000" });
    await requestWithdrawal(prisma, { userId: investor.id, amount: "2000", opsRecipients: [] });
    const before = await readWalletPage(prisma, investor.id, null);
    expect(before.wallet).toMatchObject({ available: "8000.00", held: "2000.00" });

    // A credit committed by hand, from a transaction that also holds the ledger's accounts: the
    // page's read of its lines (which joins the accounts) waits for it, so the commit lands after
    // the balance was read and before the lines are.
    const reading = readAcrossACommit(db.current, {
      write: (tx) =>
        postJournal(tx, {
          kind: "distribution",
          description: "Lease rent arriving mid-read",
          postings: [
            { account: userAvailable(investor.id), amount: "500.00" },
            { account: platformCash, amount: "-500.00" },
          ],
        }),
      lockedTable: "ledger_accounts",
      read: () => readWalletPage(prisma, investor.id, null),
    });
    // One snapshot: everything as before the credit (not its balance without its line, or its line
    // beside the old balance), and the next read shows all of it.
    expect(await reading).toEqual(before);
    const after = await readWalletPage(prisma, investor.id, null);
    expect(after.wallet).toMatchObject({ available: "8500.00", held: "2000.00" });
    expect(after.wallet.activity[0]).toMatchObject({ description: "Lease rent arriving mid-read", amount: "500.00" });
  });
});
