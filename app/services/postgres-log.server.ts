/**
 * What to print for a line the embedded PostgreSQL writes to stderr. The app lets the
 * database decide races (unique keys, CHECKs, conditional updates, row locks) and catches
 * the refusals, so those ERROR lines are expected: labelled as one line, without the DETAIL
 * and STATEMENT that follow (the embedded cluster prints none of them). Anything else at
 * ERROR or worse prints as it is; notices, harmless "does not exist / already exists" lines and
 * a connection ended on purpose (a database dropped with its sessions, by a test or a reset)
 * print nothing. A slow statement or a long lock wait, logged only when asked for
 * (slowStatementFlags), prints as it is.
 */
const HANDLED_REFUSALS = [
  /duplicate key value violates unique constraint/,
  /violates check constraint/,
  /violates exclusion constraint/,
  /could not serialize access/,
  /could not obtain lock/,
  /deadlock detected/,
  /canceling statement due to user request/,
  // The money functions' own refusals (RAISE 'aangan:insufficient_balance' and the like).
  /ERROR:\s+aangan:[a-z_]+/,
];

const HARMLESS = /does not exist|already exists|FATAL:\s+terminating connection due to administrator command/;

export type PostgresLogLine = { expected: boolean; text: string };

export function classifyPostgresLog(message: string): PostgresLogLine | null {
  const text = message.trim();
  // A chunk may hold several entries; each entry's severity is on its first line.
  const lines = text.split("\n");
  const severe = lines.filter((line) => /ERROR|FATAL|PANIC/.test(line) && !HARMLESS.test(line));
  if (lines.some(isSlowOrWaiting)) return { expected: false, text };
  if (severe.length === 0) return null;
  const handled = (line: string) =>
    /ERROR/.test(line) && !/FATAL|PANIC/.test(line) && HANDLED_REFUSALS.some((pattern) => pattern.test(line));
  if (!severe.every(handled)) return { expected: false, text };
  return {
    expected: true,
    text: severe
      .map((line) => `expected (database refused a conflicting write; the app handles it): ${line.replace(/^.*?ERROR:\s*/, "")}`)
      .join("\n"),
  };
}

function isSlowOrWaiting(line: string): boolean {
  return /LOG:\s+(duration: |process \d+ (still waiting for|acquired) )/.test(line);
}
