/**
 * Turns one pino JSON line into one short line for a person reading a terminal:
 * "14:03:07 INFO  GET /dashboard/wallet 200 12ms". Request lines print only their message;
 * an unexpected error adds its stack below, since that is what a developer needs to see.
 */
const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const ERROR_LEVEL = 50;
// Fields pino and pino-http add to every line; anything else is shown as key=value.
const QUIET_FIELDS = new Set(["level", "time", "pid", "hostname", "msg", "req", "res", "responseTime", "err", "reqId"]);

type LogLine = { level?: number; time?: number; msg?: string; req?: unknown; err?: { message?: string; stack?: string } } & Record<
  string,
  unknown
>;

export function formatLogLine(json: string): string {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (LEVEL_NAMES[line.level ?? 30] ?? "INFO").padEnd(5);
  const extras = Object.entries(line)
    .filter(([key]) => !QUIET_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const parts = [time, level, line.msg ?? "", ...extras];
  let text = parts.filter((part) => part !== "").join(" ");
  // A request line's own error is pino-http's "failed with status code"; the real one is logged apart.
  if (line.err && line.req === undefined) {
    text += line.err.message ? `: ${line.err.message}` : "";
    if ((line.level ?? 0) >= ERROR_LEVEL && line.err.stack) text += `\n${line.err.stack.split("\n").slice(1).join("\n")}`;
  }
  return `${text}\n`;
}

/** A pino destination that writes formatted lines to stdout. */
export function prettyDestination(write: (text: string) => void = (text) => void process.stdout.write(text)) {
  return {
    write(chunk: string) {
      for (const json of chunk.split("\n")) if (json.trim() !== "") write(formatLogLine(json));
    },
  };
}
