import pino from "pino";
import { describe, expect, it } from "vitest";
import { formatLogLine, prettyDestination } from "./log-format.server";

function logThrough(log: (logger: pino.Logger) => void): string[] {
  const lines: string[] = [];
  log(
    pino(
      { level: "info" },
      prettyDestination((text) => lines.push(text)),
    ),
  );
  return lines;
}

describe("pretty log format", () => {
  it("prints a request as one short line", () => {
    const lines = logThrough((logger) =>
      logger.info(
        { req: { id: 1, method: "GET", url: "/dashboard/wallet" }, res: { statusCode: 200 }, responseTime: 12 },
        "GET /dashboard/wallet 200 12ms",
      ),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/dashboard\/wallet 200 12ms\n$/);
  });

  it("keeps a failed request to one line; the error itself is logged apart", () => {
    const failure = new Error("failed with status code 500");
    const [line] = logThrough((logger) =>
      logger.error({ req: { id: 2, method: "GET", url: "/x" }, res: { statusCode: 500 }, err: failure }, "GET /x 500"),
    );
    expect(line).toMatch(/ERROR GET \/x 500\n$/);
    expect(line!.split("\n")).toHaveLength(2);
  });

  it("shows an unexpected error's stack, and other fields as key=value", () => {
    const [line] = logThrough((logger) => logger.error({ err: new Error("boom"), url: "/dashboard" }, "request failed"));
    expect(line).toContain("ERROR request failed url=/dashboard: boom\n");
    expect(line).toMatch(/\n\s+at /);
  });

  it("labels an expected failure on one line without a stack", () => {
    const lines = logThrough((logger) => logger.warn("expected (test probe): E2E probe failure: internal detail"));
    expect(lines).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}expected \(test probe\): E2E probe failure: internal detail\n$/),
    ]);
  });

  it("passes a line that is not JSON through unchanged", () => {
    expect(formatLogLine("plain text")).toBe("plain text\n");
  });
});
