/**
 * What to print for a line the embedded PostgreSQL writes to stderr. The app lets the
 * database decide races (unique keys, CHECKs, conditional updates, row locks) and catches
 * the refusals, so those ERROR lines are expected: labelled as one line, without the DETAIL
 * and STATEMENT that follow (the embedded cluster prints none of them), each entry of a chunk
 * judged on its own. Anything else at
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
  // A chunk of stderr may hold several entries, however the writes fell: each is judged on its own,
  // so a refusal that arrives beside a real error or a slow statement still prints nothing.
  const unexpected: string[] = [];
  const refusals: string[] = [];
  for (const entry of entriesOf(message.trim())) {
    const first = entry[0]!;
    if (isSlowOrWaiting(first)) unexpected.push(...entry);
    else if (!/ERROR|FATAL|PANIC/.test(first) || HARMLESS.test(first)) continue;
    else if (/ERROR/.test(first) && !/FATAL|PANIC/.test(first) && HANDLED_REFUSALS.some((pattern) => pattern.test(first))) {
      refusals.push(`expected (database refused a conflicting write; the app handles it): ${first.replace(/^.*?ERROR:\s*/, "")}`);
    } else unexpected.push(...entry);
  }
  if (unexpected.length > 0) return { expected: false, text: unexpected.join("\n") };
  return refusals.length > 0 ? { expected: true, text: refusals.join("\n") } : null;
}

// The lines that belong to the entry before them: its DETAIL, HINT, CONTEXT, STATEMENT, and any
// line with no level of its own (a statement's text running on).
const CONTINUATION_LEVELS = new Set(["DETAIL", "HINT", "CONTEXT", "STATEMENT", "QUERY", "LOCATION"]);
const levelOf = (line: string) => /(?:^|\]\s)([A-Z0-9]+):\s/.exec(line)?.[1];

function entriesOf(text: string): string[][] {
  const entries: string[][] = [];
  for (const line of text.split("\n")) {
    const level = levelOf(line);
    const current = entries[entries.length - 1];
    if (current && (level === undefined || CONTINUATION_LEVELS.has(level))) current.push(line);
    else entries.push([line]);
  }
  return entries;
}

function isSlowOrWaiting(line: string): boolean {
  return /LOG:\s+(duration: |process \d+ (still waiting for|acquired) )/.test(line);
}
