import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

// The real server.ts (production build): every document and data request says where its time went.
const db = useTestDatabase();
let app: AppProcess;

beforeAll(async () => {
  await createProperty(db.current.prisma);
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false" });
});
afterAll(async () => {
  await app?.stop();
});

type Metric = { name: string; dur: number; desc?: string };

function metrics(header: string | null): Metric[] {
  return (header ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = "", ...params] = part.split(";");
      const dur = Number(/^dur=(.*)$/.exec(params.find((p) => p.startsWith("dur=")) ?? "")?.[1]);
      const desc = /^desc="(.*)"$/.exec(params.find((p) => p.startsWith("desc=")) ?? "")?.[1];
      return { name, dur, desc };
    });
}

function expectTimings(header: string | null) {
  const found = metrics(header);
  const names = found.map((m) => m.name);
  expect(names).toContain("session");
  expect(names).toContain("loader-root");
  expect(names).toContain("loader-properties._index");
  // The catalogue's own queries, counted apart from the header's.
  expect(names).toContain("db-properties._index");
  expect(found.find((m) => m.name === "db-properties._index")?.desc).toMatch(/^properties\._index: \d+ quer(y|ies)$/);
  expect(names).toContain("render");
  expect(names).toContain("total");
  for (const metric of found) expect(metric.dur).toBeGreaterThanOrEqual(0);
  const total = found.find((m) => m.name === "total")!.dur;
  expect(found.find((m) => m.name === "loader-properties._index")!.dur).toBeLessThanOrEqual(total);
}

describe("Server-Timing", () => {
  it("is on a document request, with the session, each loader's database time and the render", async () => {
    const response = await fetch(`${app.baseUrl}/properties`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expectTimings(response.headers.get("server-timing"));
  });

  it("is on a data request (single fetch's .data, and ?_data=)", async () => {
    const data = await fetch(`${app.baseUrl}/properties.data`);
    expect(data.status).toBe(200);
    expectTimings(data.headers.get("server-timing"));

    const legacy = await fetch(`${app.baseUrl}/properties?_data=routes%2Fproperties._index`);
    expect(legacy.status).toBe(200);
    expect(metrics(legacy.headers.get("server-timing")).map((m) => m.name)).toContain("loader-properties._index");
  });
});
