import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { startApp, signIn, openPropertyId } from "/work/main/bench/lighthouse-bench";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "aangan-payload-"));
const secret = randomBytes(32).toString("hex");
const app = await startApp(dataDir, secret);
try {
  const cookie = await signIn(dataDir, secret);
  const id = await openPropertyId(dataDir);
  for (const p of [`/invest/${id}`, "/dashboard/overview", "/dashboard/transactions", "/terms", "/properties"]) {
    const html = await (await fetch(`${app.origin}${p}`, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } })).text();
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const data = scripts.filter((s) => s.includes("__remixContext") || s.includes("streamController")).reduce((n, s) => n + s.length, 0);
    const style = (/<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "").length;
    console.log(p.padEnd(30), "html", html.length, "style", style, "data scripts", data, "body-ish", html.length - style - data);
    if (process.env.DUMP === p.split("/").pop()) console.log(scripts.filter((s) => s.includes("streamController")).join("\n").slice(0, 20000));
  }
} finally {
  await app.stop();
}
