import { Decimal } from "~/lib/money";

/**
 * Which open add-funds request a statement line pays (ADR 0062). A proposal needs exactly
 * one open request quoted by exactly one line; anything less certain is listed for a person.
 */
export type MatchLine = { id: string; credit: string; referenceCodes: string[]; creditedTicketId: string | null };

export type MatchTicket = {
  id: string;
  referenceCode: string;
  status: string;
  amount: string | null;
  /** A resolution of this request waits for a second admin (four-eyes, ADR 0033). */
  awaitingApproval: boolean;
  email: string;
  fullName: string | null;
};

export type LineMatch =
  | { state: "proposed" | "amount_differs" | "awaiting" | "credited"; ticket: MatchTicket }
  | { state: "ambiguous"; reason: string }
  | { state: "unmatched"; reason: string };

const OPEN = new Set(["open", "in_progress"]);
export const isOpenRequest = (ticket: MatchTicket) => OPEN.has(ticket.status);

export function matchLines(lines: MatchLine[], tickets: MatchTicket[]): Map<string, LineMatch> {
  const byCode = new Map(tickets.map((t) => [t.referenceCode, t]));
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const quoted = (line: MatchLine) => [...new Set(line.referenceCodes.map((c) => byCode.get(c)).filter((t) => t !== undefined))];
  const quoting = new Map<string, number>();
  for (const line of lines) for (const t of quoted(line)) quoting.set(t.id, (quoting.get(t.id) ?? 0) + 1);
  const claimant = new Map(lines.filter((l) => l.creditedTicketId).map((l) => [l.creditedTicketId!, l.id]));

  const matches = new Map<string, LineMatch>();
  for (const line of lines) matches.set(line.id, matchOne(line));
  return matches;

  function matchOne(line: MatchLine): LineMatch {
    const claimed = line.creditedTicketId ? byId.get(line.creditedTicketId) : undefined;
    if (claimed?.status === "resolved") return { state: "credited", ticket: claimed };
    if (claimed?.awaitingApproval) return { state: "awaiting", ticket: claimed };
    const found = quoted(line);
    if (found.length === 0) return { state: "unmatched", reason: "The narration quotes no request reference." };
    if (found.length > 1) {
      return { state: "ambiguous", reason: `The narration quotes ${found.length} request references (${codes(found)}).` };
    }
    const ticket = found[0]!;
    if (!isOpenRequest(ticket)) return { state: "unmatched", reason: `Request ${ticket.referenceCode} is already ${ticket.status}.` };
    const other = claimant.get(ticket.id);
    if (other && other !== line.id) {
      return { state: "ambiguous", reason: `Another statement line is already crediting request ${ticket.referenceCode}.` };
    }
    if (ticket.awaitingApproval) {
      return { state: "ambiguous", reason: `Request ${ticket.referenceCode} already awaits a second admin's approval from its ticket.` };
    }
    const count = quoting.get(ticket.id) ?? 0;
    if (count > 1) return { state: "ambiguous", reason: `${count} statement lines quote request ${ticket.referenceCode}.` };
    const same = ticket.amount !== null && new Decimal(ticket.amount).eq(line.credit);
    return { state: same ? "proposed" : "amount_differs", ticket };
  }
}

const codes = (tickets: MatchTicket[]) => tickets.map((t) => t.referenceCode).join(", ");
