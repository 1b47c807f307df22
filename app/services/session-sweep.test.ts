import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "../../tests/setup/factories";
import { useTestDatabase } from "../../tests/setup/test-database";
import { hashSessionId, sweepExpiredSessions } from "./session.server";

const db = useTestDatabase();
const NOW = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe("sweepExpiredSessions", () => {
  it("deletes sessions past their idle or absolute expiry, counting the expiry instant as past", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const sessions = {
      idleEnded: { idleExpiresAt: at(-1), absoluteExpiresAt: at(60_000) },
      idleEndsNow: { idleExpiresAt: at(0), absoluteExpiresAt: at(60_000) },
      absoluteEnded: { idleExpiresAt: at(60_000), absoluteExpiresAt: at(-1) },
      live: { idleExpiresAt: at(1), absoluteExpiresAt: at(60_000) },
    };
    const hashes: Record<string, string> = {};
    for (const [name, expiry] of Object.entries(sessions)) {
      hashes[name] = hashSessionId(randomBytes(32).toString("base64url"));
      await prisma.session.create({ data: { idHash: hashes[name]!, userId: user.id, ...expiry } });
    }

    expect(await sweepExpiredSessions(prisma, NOW)).toBe(3);
    const left = await prisma.session.findMany({ where: { userId: user.id }, select: { idHash: true } });
    expect(left).toEqual([{ idHash: hashes.live }]);
    expect(await sweepExpiredSessions(prisma, NOW)).toBe(0);
  });
});
