import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-env-mail-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("mail and jobs settings", () => {
  it("default to the outbox, an hourly sweep and no separate ops list", () => {
    const result = parseEnv({ DATA_DIR: dataDir });
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.env.SMTP_URL).toBeUndefined();
    expect(result.env.MAIL_FROM).toBe("Aangan <no-reply@aangan.local>");
    expect(result.env.OPS_EMAIL).toBeUndefined();
    expect(result.env.JOBS_SESSION_SWEEP_CRON).toBe("0 * * * *");
  });

  it("read an SMTP URL, a list of ops addresses and a cron", () => {
    const result = parseEnv({
      DATA_DIR: dataDir,
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      OPS_EMAIL: " Ops@Aangan.example , finance@aangan.example",
      JOBS_SESSION_SWEEP_CRON: "*/5 * * * *",
    });
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.env.SMTP_URL).toBe("smtps://user:secret@smtp.example.com:465");
    expect(result.env.OPS_EMAIL).toEqual(["ops@aangan.example", "finance@aangan.example"]);
    expect(result.env.JOBS_SESSION_SWEEP_CRON).toBe("*/5 * * * *");
  });

  it("name each bad one", () => {
    const result = parseEnv({ DATA_DIR: dataDir, SMTP_URL: "http://mail", OPS_EMAIL: "not-an-address", JOBS_SESSION_SWEEP_CRON: "hourly" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(result.errors.some((line) => /^OPS_EMAIL\b.*comma-separated list of e-mail addresses/.test(line))).toBe(true);
    expect(result.errors).toContain("JOBS_SESSION_SWEEP_CRON: must be a cron expression with 5 or 6 fields");
  });
});
