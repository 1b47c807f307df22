import { describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/setup/factories";
import { useTestDatabase } from "../../../../tests/setup/test-database";
import { listUsers, readUserListFilters } from "./list-users.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

describe("the admin users list, paged by cursor (issue 37)", () => {
  it("continues from the last row seen, not from a row count, forwards and back, even for users created in the same instant", async () => {
    // Sixty users in three instants: ties on created_at are broken by id, to the microsecond.
    const instants = [new Date("2026-03-01T10:00:00.123456Z"), new Date("2026-03-02T10:00:00Z"), new Date("2026-03-03T10:00:00Z")];
    for (let i = 0; i < 60; i++) {
      const user = await createUser(prisma(), { email: `pager-${i}@example.in`, fullName: `Pager ${i}` });
      await prisma()
        .$executeRaw`UPDATE user_profiles SET created_at = ${instants[i % 3]}::timestamptz + interval '0.000001 second' * ${i % 2}
                                  WHERE user_id = ${user.id}::uuid`;
    }
    const filters = (query: string) => readUserListFilters(new URLSearchParams(query));
    const byNumber = await Promise.all([1, 2, 3].map((page) => listUsers(prisma(), filters(`q=pager-&page=${page}`))));
    expect(byNumber.map((page) => page.rows.length)).toEqual([25, 25, 10]);

    // Five users sign up while the admin reads page one: by row count, page two would repeat
    // five users of page one; from the cursor it goes on where page one ended.
    for (let i = 0; i < 5; i++) await createUser(prisma(), { email: `pager-late-${i}@example.in` });
    const second = await listUsers(prisma(), filters(`q=pager-&page=2&after=${byNumber[0]!.cursors.next}`));
    expect(second.rows.map((row) => row.id)).toEqual(byNumber[1]!.rows.map((row) => row.id));
    const third = await listUsers(prisma(), filters(`q=pager-&page=3&after=${second.cursors.next}`));
    expect(third.rows.map((row) => row.id)).toEqual(byNumber[2]!.rows.map((row) => row.id));
    const backToSecond = await listUsers(prisma(), filters(`q=pager-&page=2&before=${third.cursors.previous}`));
    expect(backToSecond.rows.map((row) => row.id)).toEqual(byNumber[1]!.rows.map((row) => row.id));
    expect(second.total).toBe(65);

    // A cursor that is not an id is ignored: the page number stands (and counts rows).
    const typed = await listUsers(prisma(), filters("q=pager-&page=2&after=nonsense"));
    expect(typed.rows.map((row) => row.id)).toEqual(
      [...byNumber[0]!.rows.slice(20), ...byNumber[1]!.rows.slice(0, 20)].map((row) => row.id),
    );
  });

  it("searches e-mail and name case-insensitively, taking % and _ literally", async () => {
    await createUser(prisma(), { email: "meera_iyer@example.in", fullName: "Meera Iyer" });
    await createUser(prisma(), { email: "meeraxiyer@example.in", fullName: "Someone Else" });
    const found = await listUsers(prisma(), readUserListFilters(new URLSearchParams("q=MEERA_")));
    expect(found.rows.map((row) => row.email)).toEqual(["meera_iyer@example.in"]);
    expect((await listUsers(prisma(), readUserListFilters(new URLSearchParams("q=%25")))).total).toBe(0);
  });

  it("counts every user, and every subscriber, from the platform counters, matching a count of the rows", async () => {
    await createUser(prisma(), { subscriptionActive: true });
    await createUser(prisma(), { subscriptionActive: false });
    const filters = (query: string) => readUserListFilters(new URLSearchParams(query));
    const counted = await prisma().$queryRaw<{ platform_counters: unknown }[]>`SELECT 1 FROM platform_counters WHERE metric = 'users'`;
    expect(counted.length).toBeGreaterThan(0);
    expect((await listUsers(prisma(), filters(""))).total).toBe(await prisma().userProfile.count());
    expect((await listUsers(prisma(), filters("subscription=active"))).total).toBe(
      await prisma().userProfile.count({ where: { subscriptionActive: true } }),
    );
    expect((await listUsers(prisma(), filters("subscription=inactive"))).total).toBe(
      await prisma().userProfile.count({ where: { subscriptionActive: false } }),
    );
  });
});
