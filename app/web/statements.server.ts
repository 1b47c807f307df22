import { loadStatement } from "~/domain/statements/statement.server";
import { financialYearOfMoment } from "~/domain/statements/statement-figures";
import { getPrisma } from "~/services/db.server";
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

/** The signed-in investor's own statement for the year asked for; only ever their own. */
export async function ownStatement(request: Request, user: SessionUser) {
  const profile = await getPrisma().userProfile.findUnique({ where: { id: user.id }, select: { createdAt: true } });
  const years = statementYears({ id: user.id, createdAt: profile?.createdAt });
  const year = parseStatementYear(request, years);
  const figures = await loadStatement(getPrisma(), user.id, year);
  if (!figures) throw new Response("Not found", { status: 404 });
  return { years, year, figures };
}
