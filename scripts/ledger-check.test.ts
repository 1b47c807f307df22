import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../tests/setup/test-database";
import { createUser, fundWallet } from "../tests/setup/factories";
import { createPendingJournal } from "../app/domain/ledger/pending-journals.server";

const run = promisify(execFile);
const db = useTestDatabase();

async function ledgerCheck(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", "scripts/ledger-check.ts"], {
      env: { ...process.env, DATABASE_URL: db.current.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run ledger:check", () => {
  it("exits 0 on sound books and 1 naming the account when a wallet drifts from its postings", { timeout: 60_000 }, async () => {
    const user = await createUser(db.current.prisma);
    await fundWallet(db.current.prisma, user.id, "2500");

    const healthy = await ledgerCheck();
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toMatch(/OK/);

    await db.current.prisma.$executeRaw`UPDATE escrow_balances SET available_balance = 9999 WHERE user_id = ${user.id}::uuid`;
    const broken = await ledgerCheck();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`user:${user.id}:available`);
    expect(broken.stderr).toContain("9999");
  });

  it("exits 1 naming the account when a held balance does not match its pending journals", { timeout: 60_000 }, async () => {
    const user = await createUser(db.current.prisma);
    await fundWallet(db.current.prisma, user.id, "1000");
    await db.current.prisma.$transaction((tx) =>
      createPendingJournal(tx, {
        kind: "withdrawal_hold",
        userId: user.id,
        amount: "600",
        expiresAt: new Date(Date.now() + 86_400_000),
        description: "Withdrawal requested",
      }),
    );
    await db.current.prisma.$executeRaw`UPDATE escrow_balances SET held_balance = 450 WHERE user_id = ${user.id}::uuid`;
    const broken = await ledgerCheck();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`user:${user.id}:held: held balance shows 450.00 but open pending journals hold 600.00`);
  });

  it("exits 1 naming the rule and the ticket when an open withdrawal has no live hold", { timeout: 60_000 }, async () => {
    const user = await createUser(db.current.prisma);
    const ticket = await db.current.prisma.supportTicket.create({
      data: { userId: user.id, ticketType: "withdraw_funds", subject: "Withdraw funds", amount: "1500", status: "open" },
    });
    const broken = await ledgerCheck();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`[withdrawal-without-live-hold] ticket:${ticket.id}: the open withdrawal has no hold`);
    await db.current.prisma.supportTicket.delete({ where: { id: ticket.id } });
  });
});
