import { accountOpenedAt, loadStatement } from "~/domain/statements/statement.server";
import { financialYearOfMoment } from "~/domain/statements/statement-figures";
import { listTdsCertificates } from "~/domain/tds/tax-pack.server";
import { getPrisma, readInOnePreparedSnapshot, type Reader } from "~/services/db.server";
import type { SessionUser } from "~/web/guards.server";

/** The financial years a statement can be asked for: from the year the account was opened to this one, newest first. */
export function statementYears(user: Pick<SessionUser, "id"> & { createdAt?: Date | string }, now = new Date()): number[] {
  const current = financialYearOfMoment(now);
  const first = user.createdAt ? Math.min(financialYearOfMoment(new Date(user.createdAt)), current) : current - 1;
  const years: number[] = [];
  for (let year = current; year >= Math.max(first, current - 10); year -= 1) years.push(year);
  return years;
}

/** ?year=2025 for FY 2025-26; a missing or unknown year is this financial year (a bad one is a 400). */
export function parseStatementYear(request: Request, years: number[]): number {
  const raw = new URL(request.url).searchParams.get("year");
  if (raw === null || raw === "") return years[0]!;
  const year = Number(raw);
  if (!/^\d{4}$/.test(raw) || !years.includes(year)) {
    throw new Response("Choose a financial year from the list.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return year;
}

/** The financial years the signed-in investor may ask for, and the one this request asks for (a bad one is a 400). */
export async function statementYearAsked(db: Reader, request: Request, user: SessionUser) {
  const years = statementYears({ id: user.id, createdAt: await accountOpenedAt(db, user.id) });
  return { years, year: parseStatementYear(request, years) };
}

async function statementIn(db: Reader, request: Request, user: SessionUser) {
  const { years, year } = await statementYearAsked(db, request, user);
  const figures = await loadStatement(db, user.id, year);
  if (!figures) throw new Response("Not found", { status: 404 });
  return { years, year, figures };
}

/**
 * The signed-in investor's own statement for the year asked for; only ever their own. Its
 * balance, movements, trades and distributions are read as of one moment (ADR 0100): read side
 * by side, a payout landing between them counted in "Distributions received" but not in "Money in".
 */
export function ownStatement(request: Request, user: SessionUser) {
  return readInOnePreparedSnapshot(getPrisma(), (reader) => statementIn(reader, request, user));
}

/** The statements page: the year's statement and the quarters with a TDS certificate, as of one moment. */
export function loadStatementsPage(request: Request, user: SessionUser) {
  return readInOnePreparedSnapshot(getPrisma(), async (reader) => {
    const [statement, certificates] = await Promise.all([statementIn(reader, request, user), listTdsCertificates(reader, user.id)]);
    return { ...statement, certificates };
  });
}
