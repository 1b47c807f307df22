import { isDomainError } from "~/domain/errors";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { updateTicketFourEyes } from "~/domain/approvals/four-eyes.server";
import { readReceivedAmount } from "~/domain/support/update-ticket.server";
import { Decimal, formatINR } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { isUniqueViolation, runTransaction, type PrismaClient } from "~/services/db.server";
import { matchLines, type MatchTicket } from "./match-lines";
import { StatementError } from "./parse-statement.server";
import { ticketsForLines } from "./statement-tickets.server";

export type CreditLineInput = {
  adminId: string;
  lineId: string;
  /** Required when the line's credit differs from the amount requested: the admin types what arrived. */
  receivedAmount?: string;
  /** The per-request deposit limit and the four-eyes threshold (settings, read by the caller). */
  maxReceived: string;
  threshold: Decimal.Value;
};

export type CreditLineOutcome =
  | { state: "credited"; ticketId: string; referenceCode: string; journalId: string | null; credited: string | null }
  | { state: "awaiting"; ticketId: string; referenceCode: string; approvalId: string };

type LineRead = { id: string; credit: string | null; date: string; referenceCodes: string[]; creditedTicketId: string | null };

/**
 * Resolves the request a statement line pays, through the ticket path itself
 * (updateTicketFourEyes): the fee, four-eyes above the threshold, the ledger's idempotency and
 * the investor's alert and mail are that path's. The line is first bound to its request by a
 * conditional update: a line is bound to one request ever, and a request to one line (unique
 * index); the request's own conditional resolution then credits it at most once, and a
 * trigger on that resolution records the journal on the line in the same transaction.
 */
export async function creditStatementLine(db: PrismaClient, input: CreditLineInput): Promise<CreditLineOutcome> {
  if (!isUuid(input.lineId)) throw notFound();
  const { line, ticket } = await proposalFor(db, input.lineId);
  const received = receivedFor(line, ticket, input);
  await bind(db, line, ticket, input.adminId);
  try {
    const outcome = await updateTicketFourEyes(
      db,
      {
        adminId: input.adminId,
        ticketId: ticket.id,
        status: "resolved",
        adminResponse: `Your transfer reached the escrow account on ${line.date}.`,
        receivedAmount: received,
        maxReceived: input.maxReceived,
      },
      input.threshold,
    );
    if (outcome.state === "awaiting") {
      return { state: "awaiting", ticketId: ticket.id, referenceCode: ticket.referenceCode, approvalId: outcome.approvalId };
    }
    // The line's credited_journal_id was written by the resolution's own transaction (a trigger, ADR 0062).
    const { journalId, credited } = outcome.result;
    return { state: "credited", ticketId: ticket.id, referenceCode: ticket.referenceCode, journalId, credited };
  } catch (error) {
    await unbindIfUnused(db, line.id, ticket.id);
    // Two admins pressing together: the ticket path resolved it for the other one.
    if (isDomainError(error) && (error.code === "no_change" || error.code === "already_final")) {
      throw new StatementError("already_credited", `Request ${ticket.referenceCode} was just resolved or closed by another admin.`, 409);
    }
    throw error;
  }
}

const notFound = () => new StatementError("not_found", "Statement line not found", 404);

/** The line and the one request it is proposed for, matched as the page matches it (with every line quoting the same references). */
async function proposalFor(db: PrismaClient, lineId: string): Promise<{ line: LineRead & { credit: string }; ticket: MatchTicket }> {
  const [line] = await db.$queryRaw<LineRead[]>`
    SELECT id::text, credit::text, txn_date::text AS date, reference_codes AS "referenceCodes", credited_ticket_id::text AS "creditedTicketId"
      FROM bank_statement_lines WHERE id = ${lineId}::uuid`;
  if (!line) throw notFound();
  if (line.credit === null) throw new StatementError("outflow", "This line is money out of the account: it credits no wallet.", 409);
  const neighbours = await db.$queryRaw<LineRead[]>`
    SELECT l.id::text, l.credit::text, l.txn_date::text AS date, l.reference_codes AS "referenceCodes",
           l.credited_ticket_id::text AS "creditedTicketId"
      FROM bank_statement_lines l LEFT JOIN support_tickets t ON t.id = l.credited_ticket_id
     WHERE l.credit IS NOT NULL AND l.id <> ${lineId}::uuid AND l.reference_codes && ${line.referenceCodes}::text[]
       AND (l.credited_ticket_id IS NULL OR t.status <> 'resolved')`;
  const lines = [line, ...neighbours] as (LineRead & { credit: string })[];
  const ids = lines.flatMap((l) => (l.creditedTicketId ? [l.creditedTicketId] : []));
  const tickets = await ticketsForLines(db, line.referenceCodes, ids);
  const match = matchLines(lines, tickets).get(line.id)!;
  switch (match.state) {
    case "proposed":
    case "amount_differs":
      return { line: line as LineRead & { credit: string }, ticket: match.ticket };
    case "credited":
      throw new StatementError("already_credited", `This line already credited request ${match.ticket.referenceCode}.`, 409);
    case "awaiting":
      throw new StatementError(
        "awaiting",
        `Crediting request ${match.ticket.referenceCode} already awaits a second admin's approval.`,
        409,
      );
    default:
      throw new StatementError("not_proposed", `This line cannot be credited from here: ${match.reason}`, 409);
  }
}

/** The amount to resolve with: always the line's credit; when it differs from the request, only if the admin typed it. */
function receivedFor(line: { credit: string }, ticket: MatchTicket, input: CreditLineInput): string {
  const credit = new Decimal(line.credit);
  if (ticket.amount !== null && credit.eq(ticket.amount)) return credit.toFixed(2);
  const typed = readReceivedAmount(input.receivedAmount ?? "", input.maxReceived);
  if (!typed.ok) throw new StatementError("invalid_amount", typed.message, 400, "receivedAmount");
  if (!typed.value.eq(credit)) {
    const requested = ticket.amount === null ? "" : ` (the request was for ${formatINR(ticket.amount, { paise: true })})`;
    throw new StatementError(
      "amount_mismatch",
      `The statement shows ${formatINR(credit, { paise: true })} arrived${requested}. Type exactly that amount to credit it, or resolve request ${ticket.referenceCode} from its ticket.`,
      400,
      "receivedAmount",
    );
  }
  return credit.toFixed(2);
}

async function bind(db: PrismaClient, line: { id: string; date: string }, ticket: MatchTicket, adminId: string) {
  try {
    await runTransaction(db, "bind-statement-line", async (tx) => {
      const bound = await tx.$executeRaw`
        UPDATE bank_statement_lines
           SET credited_ticket_id = ${ticket.id}::uuid, credited_by = ${adminId}::uuid, credited_at = clock_timestamp()
         WHERE id = ${line.id}::uuid AND credit IS NOT NULL AND credited_journal_id IS NULL
           AND (credited_ticket_id IS NULL OR credited_ticket_id = ${ticket.id}::uuid)`;
      if (bound !== 1) throw new StatementError("already_bound", "This line was just used for another request. Reload the page.", 409);
      await recordAdminAction(tx, {
        adminId,
        action: "bank_statement.credit_line",
        targetType: "support_ticket",
        targetId: ticket.id,
        after: { lineId: line.id, referenceCode: ticket.referenceCode },
        note: `Statement line of ${line.date} used to resolve request ${ticket.referenceCode}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new StatementError("ticket_bound", `Another statement line is already crediting request ${ticket.referenceCode}.`, 409);
    }
    throw error;
  }
}

/** After a refusal the line may be used again, unless its request moved meanwhile (resolved, or awaiting approval). */
async function unbindIfUnused(db: PrismaClient, lineId: string, ticketId: string) {
  await db.$executeRaw`
    UPDATE bank_statement_lines SET credited_ticket_id = NULL, credited_by = NULL, credited_at = NULL
     WHERE id = ${lineId}::uuid AND credited_ticket_id = ${ticketId}::uuid AND credited_journal_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM support_tickets WHERE id = ${ticketId}::uuid AND status = 'resolved')
       AND NOT EXISTS (SELECT 1 FROM money_approvals
                        WHERE kind = 'ticket_resolve' AND target_id = ${ticketId}::uuid AND status = 'awaiting')`;
}
