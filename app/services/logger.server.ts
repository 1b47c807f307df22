import pino from "pino";
import { prettyDestination } from "./log-format.server";

// Read directly, not through env.server: the logger must work before the environment is
// parsed and when parsing it fails (that failure is itself reported), and env.server's own
// dependencies log. LOG_LEVEL and LOG_FORMAT are still validated by the env schema at start-up.
const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");
// JSON lines for log collectors in production; one short line per event for people elsewhere.
const format = process.env.LOG_FORMAT ?? (process.env.NODE_ENV === "production" ? "json" : "pretty");

const options: pino.LoggerOptions = {
  level,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
};

export const logger = format === "pretty" ? pino(options, prettyDestination()) : pino(options);
