import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { resolveLiveChannels, type LiveChannelRequest } from "./live-channels.server";

const db = useTestDatabase();
const ask = (wanted: Partial<LiveChannelRequest>): LiveChannelRequest => ({
  properties: [],
  admin: false,
  channels: [],
  users: [],
  ...wanted,
});

describe("resolveLiveChannels", () => {
  it("always includes the viewer's own alerts, and adds what they may see", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const property = await createProperty(prisma);
    const viewer = { id: user.id, isAdmin: false };
    expect(await resolveLiveChannels(prisma, viewer, ask({}))).toEqual([`alerts:${user.id}`]);
    expect(await resolveLiveChannels(prisma, viewer, ask({ properties: [property.id], users: [user.id] }))).toEqual([
      `alerts:${user.id}`,
      `market:${property.id}`,
    ]);
    expect(await resolveLiveChannels(prisma, viewer, ask({ channels: [`market:${property.id}`, `alerts:${user.id}`] }))).toEqual([
      `alerts:${user.id}`,
      `market:${property.id}`,
    ]);
    const admin = { id: user.id, isAdmin: true };
    expect(await resolveLiveChannels(prisma, admin, ask({ admin: true }))).toEqual([`alerts:${user.id}`, "admin"]);
  });

  it("refuses another user's alerts, the admin channel to non-admins and unknown channels", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const viewer = { id: user.id, isAdmin: false };
    for (const wanted of [
      ask({ users: [other.id] }),
      ask({ channels: [`alerts:${other.id}`] }),
      ask({ admin: true }),
      ask({ channels: ["admin"] }),
      ask({ channels: ["alerts:*"] }),
      ask({ channels: ["market"] }),
    ]) {
      await expect(resolveLiveChannels(prisma, viewer, wanted)).rejects.toMatchObject({ status: 403, code: "live_channel_forbidden" });
    }
    // Being an admin does not open other users' alerts either.
    await expect(resolveLiveChannels(prisma, { id: user.id, isAdmin: true }, ask({ users: [other.id] }))).rejects.toMatchObject({
      status: 403,
    });
  });

  it("answers not found for a missing property, and for a draft unless the viewer is an admin", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const draft = await createProperty(prisma);
    await prisma.property.update({ where: { id: draft.id }, data: { propertyStatus: "draft" } });
    const viewer = { id: user.id, isAdmin: false };
    for (const id of ["no-such-property", draft.id, "bad id with spaces"]) {
      await expect(resolveLiveChannels(prisma, viewer, ask({ properties: [id] }))).rejects.toMatchObject({
        status: 404,
        message: "Property Not Found",
      });
    }
    expect(await resolveLiveChannels(prisma, { ...viewer, isAdmin: true }, ask({ properties: [draft.id] }))).toContain(
      `market:${draft.id}`,
    );
  });
});
