import { randomUUID } from "node:crypto";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { ADMIN_CHANNEL } from "~/lib/live-channels";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { parseStatement, StatementError } from "./parse-statement.server";

export type StatementImportReceipt = { importId: string; fileName: string; lineCount: number; newLines: number; knownLines: number };

const MOST_FILE_NAME_CHARS = 200;

/**
 * Imports an escrow-account statement: the whole file is read first (a bad line refuses it and
 * nothing is written), then every line is inserted in one statement keyed by its natural key,
 * so a line that an earlier or overlapping file already brought is skipped, not doubled.
 */
export async function importBankStatement(
  db: PrismaClient,
  input: { adminId: string; fileName: string; bytes: Uint8Array },
): Promise<StatementImportReceipt> {
  const fileName = input.fileName.trim().slice(0, MOST_FILE_NAME_CHARS);
  if (!fileName) throw new StatementError("no_file", "Choose the statement file (CSV) to import.", 400, "statement");
  const lines = parseStatement(input.bytes);
  const importId = randomUUID();
  const column = <T>(pick: (line: (typeof lines)[number]) => T) => lines.map(pick);
  return runTransaction(db, "import-bank-statement", async (tx) => {
    await tx.$executeRaw`
      INSERT INTO bank_statement_imports (id, imported_by, file_name, line_count, new_lines, known_lines)
      VALUES (${importId}::uuid, ${input.adminId}::uuid, ${fileName}, ${lines.length}, 0, ${lines.length})`;
    // Codes travel space-joined: a text[][] parameter would need every line to quote as many.
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO bank_statement_lines
             (natural_key, import_id, txn_date, narration, credit, debit, balance, bank_reference, reference_codes)
      SELECT u.natural_key, ${importId}::uuid, u.txn_date::date, u.narration, u.credit::numeric, u.debit::numeric,
             u.balance::numeric, u.bank_reference, COALESCE(string_to_array(NULLIF(u.codes, ''), ' '), '{}')
        FROM unnest(${column((l) => l.naturalKey)}::text[], ${column((l) => l.date)}::text[], ${column((l) => l.narration)}::text[],
                    ${column((l) => l.credit)}::text[], ${column((l) => l.debit)}::text[], ${column((l) => l.balance)}::text[],
                    ${column((l) => l.reference)}::text[], ${column((l) => l.referenceCodes.join(" "))}::text[])
             AS u(natural_key, txn_date, narration, credit, debit, balance, bank_reference, codes)
      ON CONFLICT (natural_key) DO NOTHING
      RETURNING id::text`;
    const newLines = inserted.length;
    const knownLines = lines.length - newLines;
    await tx.$executeRaw`
      UPDATE bank_statement_imports SET new_lines = ${newLines}, known_lines = ${knownLines} WHERE id = ${importId}::uuid`;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "bank_statement.import",
      targetType: "bank_statement_import",
      targetId: importId,
      after: { fileName, lineCount: lines.length, newLines, knownLines },
      note: `Statement ${fileName}: ${newLines} new lines, ${knownLines} already imported`,
    });
    await publishAll([{ channel: ADMIN_CHANNEL, type: "bank_statement", id: importId }], tx);
    return { importId, fileName, lineCount: lines.length, newLines, knownLines };
  });
}
