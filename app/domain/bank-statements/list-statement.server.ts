import type { PrismaClient } from "~/services/db.server";
import { matchLines, type LineMatch, type MatchTicket } from "./match-lines";
import { ticketsForLines } from "./statement-tickets.server";

export type StatementLineRow = {
  id: string;
  date: string;
  narration: string;
  credit: string | null;
  debit: string | null;
  balance: string | null;
  bankReference: string | null;
};

export type MatchedRow = StatementLineRow & { ticket: MatchTicket };
export type ReasonRow = StatementLineRow & { reason: string };
export type CreditedRow = StatementLineRow & { referenceCode: string; email: string; journalId: string | null; creditedAt: Date | null };

// The page matches this many of the latest unsettled credit lines; older ones wait in the ticket path.
const MOST_LINES_MATCHED = 1000;
const MOST_LISTED = 100;

type LineRead = StatementLineRow & { credit: string; referenceCodes: string[]; creditedTicketId: string | null };

/**
 * The statement desk: credit lines not yet settled, each with its match (proposed, amount
 * differs, awaiting approval, ambiguous, unmatched), the latest money out, the lines that
 * credited a request, and the latest imports.
 */
export async function getBankStatementDesk(db: PrismaClient) {
  const lines = await db.$queryRaw<LineRead[]>`
    SELECT l.id::text, l.txn_date::text AS date, l.narration, l.credit::text, l.debit::text, l.balance::text,
           l.bank_reference AS "bankReference", l.reference_codes AS "referenceCodes", l.credited_ticket_id::text AS "creditedTicketId"
      FROM bank_statement_lines l LEFT JOIN support_tickets t ON t.id = l.credited_ticket_id
     WHERE l.credit IS NOT NULL AND (l.credited_ticket_id IS NULL OR t.status <> 'resolved')
     ORDER BY l.txn_date DESC, l.created_at DESC
     LIMIT ${MOST_LINES_MATCHED}`;
  const tickets = await ticketsForLines(
    db,
    [...new Set(lines.flatMap((l) => l.referenceCodes))],
    lines.flatMap((l) => (l.creditedTicketId ? [l.creditedTicketId] : [])),
  );
  const matches = matchLines(lines, tickets);
  const listed = <S extends LineMatch["state"]>(...states: S[]) =>
    lines.flatMap((line) => {
      const match = matches.get(line.id)!;
      return (states as string[]).includes(match.state) ? [{ ...row(line), ...match }] : [];
    });
  const [outflows, credited, imports] = await Promise.all([listOutflows(db), listCredited(db), listImports(db)]);
  return {
    proposed: listed("proposed").slice(0, MOST_LISTED) as MatchedRow[],
    amountDiffers: listed("amount_differs").slice(0, MOST_LISTED) as MatchedRow[],
    awaiting: listed("awaiting").slice(0, MOST_LISTED) as MatchedRow[],
    ambiguous: listed("ambiguous").slice(0, MOST_LISTED) as ReasonRow[],
    unmatched: listed("unmatched").slice(0, MOST_LISTED) as ReasonRow[],
    outflows,
    credited,
    imports,
  };
}

const row = (line: LineRead): StatementLineRow => ({
  id: line.id,
  date: line.date,
  narration: line.narration,
  credit: line.credit,
  debit: line.debit,
  balance: line.balance,
  bankReference: line.bankReference,
});

function listOutflows(db: PrismaClient) {
  return db.$queryRaw<StatementLineRow[]>`
    SELECT id::text, txn_date::text AS date, narration, credit::text, debit::text, balance::text, bank_reference AS "bankReference"
      FROM bank_statement_lines WHERE debit IS NOT NULL
     ORDER BY txn_date DESC, created_at DESC LIMIT 50`;
}

/** Lines whose request is resolved, with the deposit journal the resolution recorded on the line. */
function listCredited(db: PrismaClient) {
  return db.$queryRaw<CreditedRow[]>`
    SELECT l.id::text, l.txn_date::text AS date, l.narration, l.credit::text, l.debit::text, l.balance::text,
           l.bank_reference AS "bankReference", t.reference_code AS "referenceCode", u.email,
           l.credited_journal_id::text AS "journalId", l.credited_at AS "creditedAt"
      FROM bank_statement_lines l
      JOIN support_tickets t ON t.id = l.credited_ticket_id AND t.status = 'resolved'
      JOIN user_profiles u ON u.user_id = t.user_id
     ORDER BY l.credited_at DESC NULLS LAST LIMIT 20`;
}

function listImports(db: PrismaClient) {
  return db.$queryRaw<
    { id: string; fileName: string; lineCount: number; newLines: number; knownLines: number; createdAt: Date; email: string }[]
  >`
    SELECT i.id::text, i.file_name AS "fileName", i.line_count AS "lineCount", i.new_lines AS "newLines",
           i.known_lines AS "knownLines", i.created_at AS "createdAt", u.email
      FROM bank_statement_imports i JOIN user_profiles u ON u.user_id = i.imported_by
     ORDER BY i.created_at DESC LIMIT 10`;
}
