import pino from "pino";

// Read directly, not through env.server: the logger must work before the environment is
// parsed and when parsing it fails (that failure is itself reported), and env.server's own
// dependencies log. LOG_LEVEL is still validated by the env schema at start-up.
const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

export const logger = pino({
  level,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
});
