import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/services/env.server";
import { aiChatSettings } from "./ai-settings.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-ai-env-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const parse = (vars: Record<string, string>) => parseEnv({ DATA_DIR: dataDir, ...vars });

describe("the AI provider settings", () => {
  it("are absent by default, so the offline analyser runs", () => {
    const result = parse({});
    expect(result.ok && aiChatSettings(result.env)).toBeUndefined();
  });

  it("come from AI_BASE_URL, AI_API_KEY and AI_MODEL, with the timeout and retries", () => {
    const result = parse({
      AI_BASE_URL: "http://127.0.0.1:8080/v1",
      AI_API_KEY: "k",
      AI_MODEL: "m",
      AI_TIMEOUT_MS: "5000",
      AI_MAX_RETRIES: "1",
    });
    expect(result.ok && aiChatSettings(result.env)).toEqual({
      baseUrl: "http://127.0.0.1:8080/v1",
      apiKey: "k",
      model: "m",
      timeoutMs: 5000,
      maxRetries: 1,
    });
  });

  it("name each missing or bad variable", () => {
    expect(parse({ AI_BASE_URL: "https://api.example.com/v1" })).toEqual({
      ok: false,
      errors: ["AI_MODEL: required when AI_BASE_URL is set"],
    });
    expect(parse({ AI_API_KEY: "k" })).toEqual({ ok: false, errors: ["AI_BASE_URL: required when AI_MODEL or AI_API_KEY is set"] });
    const bad = parse({ AI_BASE_URL: "ftp://x", AI_MODEL: "m" });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toMatch(/^AI_BASE_URL: must be an http\(s\) URL/);
  });
});
