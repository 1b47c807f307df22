// The stock pairing the Remix docs show: Express with @remix-run/express's handler, and a
// /healthz answered by Express alone, in one process. Started by bench/framework-floor.ts.
import express from "express";
import { createRequestHandler } from "@remix-run/express";

const [buildDir, port] = process.argv.slice(2);
const build = await import(`${buildDir}/server/index.js`);
const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(port), "127.0.0.1", () => console.log("listening"));
