import type { Db } from "~/services/db.server";
import type { MatchTicket } from "./match-lines";

/** The add-funds requests that lines quote (by reference) or were used for (by id), as matching needs them. */
export async function ticketsForLines(db: Db, codes: string[], ids: string[]): Promise<MatchTicket[]> {
  if (codes.length === 0 && ids.length === 0) return [];
  const rows = await db.$queryRaw<(Omit<MatchTicket, "referenceCode"> & { referenceCode: string | null })[]>`
    SELECT t.id::text AS id, t.reference_code AS "referenceCode", t.status::text AS status, t.amount::text AS amount,
           u.email, u.full_name AS "fullName",
           EXISTS (SELECT 1 FROM money_approvals a
                    WHERE a.kind = 'ticket_resolve' AND a.target_id = t.id AND a.status = 'awaiting') AS "awaitingApproval"
      FROM support_tickets t JOIN user_profiles u ON u.user_id = t.user_id
     WHERE t.ticket_type = 'add_funds'
       AND (t.reference_code = ANY(${codes}::text[]) OR t.id = ANY(${ids}::uuid[]))`;
  return rows.filter((row): row is MatchTicket => row.referenceCode !== null);
}
