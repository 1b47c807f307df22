import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-scripts.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(Buffer.from(chunk as Uint8Array));
  // The stream is bytes: a character may be split between two chunks, as on the wire.
  return Buffer.concat(out).toString("utf8");
}

const page =
  '<html><head><style>p{}</style></head><body><p>₹8,300 — शेयर</p><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script type="module" async="">import "/assets/a.js";</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads (ADR 0042)", () => {
  it("asks for every module preload at low priority and leaves the rest of the page alone", async () => {
    expect(await through([page])).toBe(expected);
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("rewrites a tag split across chunks at any point, and a character split across byte chunks", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    for (let cut = 1; cut < page.length; cut += 7) {
      expect(await through([page.slice(0, cut), page.slice(cut)])).toBe(expected);
    }
  });

  it("passes a page without preloads through unchanged (the landing page, ADR 0024)", async () => {
    const plain = '<html><body><link rel="modulepreloadx"/><link rel="stylesheet" href="/x.css"/></body></html>';
    expect(await through(plain.split(""))).toBe(plain);
  });

  it("passes what React writes in one burst on as one chunk, and a later burst as another (a page still streams)", async () => {
    const stream = lowPriorityModulePreloads();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer | string) => out.push(String(chunk)));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    const bytes = Buffer.from(page, "utf8");
    // Like React's ~2 KB views: many writes in one synchronous burst, cut mid-character and mid-tag.
    for (let at = 0; at < bytes.length; at += 7) stream.write(bytes.subarray(at, at + 7));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([expected]);
    stream.write("<p>later</p>");
    stream.write("<p>boundary</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([expected, "<p>later</p><p>boundary</p>"]);
    stream.end('<link rel="modulepreload" href="/c.js"/>');
    await ended;
    expect(out.join("")).toBe(`${expected}<p>later</p><p>boundary</p><link rel="modulepreload" fetchpriority="low" href="/c.js"/>`);
  });
});
