import { data, type UploadHandlerPart } from "@remix-run/node";
import { AWAITING_APPROVAL } from "~/domain/approvals/four-eyes.server";
import { creditStatementLine } from "~/domain/bank-statements/credit-statement-line.server";
import { importBankStatement } from "~/domain/bank-statements/import-statement.server";
import { getBankStatementDesk } from "~/domain/bank-statements/list-statement.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { replyToDomainError, type DomainErrorReply } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { formRefusal, readFormData, refuseForbiddenCharacters } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { parseMultipartForm } from "~/web/multipart.server";

/** The largest statement file taken: about a month of a busy account's lines. */
export const MOST_STATEMENT_BYTES = 2 * 1024 * 1024;
const MOST_FIELD_BYTES = 4 * 1024;

/** What the page is told after a refusal: which form (and line), and conform's reply with the message. */
export type BankStatementsActionData = { form: "import" | "credit"; lineId?: string } & DomainErrorReply;

export function loadBankStatements() {
  return getBankStatementDesk(getPrisma());
}

export async function handleBankStatementsAction(request: Request, admin: SessionUser) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return importUpload(request, admin);
  const form = await readFormData(request);
  if (form.get("intent") !== "credit") throw data("Unknown request", { status: 400 });
  return creditLine(admin, String(form.get("lineId") ?? ""), String(form.get("receivedAmount") ?? ""));
}

type Upload = { fields: Record<string, string>; file: { name: string; bytes: Buffer; tooLarge: boolean } | null };

async function readCapped(part: UploadHandlerPart, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size <= limit) chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), tooLarge: size > limit };
}

/** A part read in the handler: a body cut short inside it is the sender's fault (400), not ours. */
async function readPart(part: UploadHandlerPart, limit: number) {
  try {
    return await readCapped(part, limit);
  } catch {
    throw formRefusal();
  }
}

/** The upload form: its fields as text, and the one file under "statement" (past the limit it is drained, not kept). */
async function readUpload(request: Request): Promise<Upload> {
  const upload: Upload = { fields: {}, file: null };
  await parseMultipartForm(request, async (part) => {
    if (part.filename === undefined) {
      const { bytes, tooLarge } = await readPart(part, MOST_FIELD_BYTES);
      if (tooLarge) throw data("The form is too large.", { status: 413 });
      upload.fields[part.name] = bytes.toString("utf8");
      refuseForbiddenCharacters(upload.fields[part.name]!);
    } else if (part.name === "statement" && part.filename !== "" && !upload.file) {
      upload.file = { name: part.filename, ...(await readPart(part, MOST_STATEMENT_BYTES)) };
    } else {
      await readPart(part, 0);
    }
    return undefined;
  });
  return upload;
}

const importRefused = (message: string, status = 400) =>
  data<BankStatementsActionData>(
    { form: "import", result: { status: "error", error: { statement: [message] } }, followUp: null },
    { status },
  );

async function importUpload(request: Request, admin: SessionUser) {
  const { fields, file } = await readUpload(request);
  if (fields.intent !== "import") return importRefused("Unknown request");
  if (!file) return importRefused("Choose the statement file (CSV) to import.");
  if (file.tooLarge) return importRefused("The file is larger than 2 MB. Export the statement a month at a time.", 413);
  try {
    const receipt = await importBankStatement(getPrisma(), { adminId: admin.id, fileName: file.name, bytes: file.bytes });
    return redirectWithToast(paths.admin.bankStatements(), {
      kind: "success",
      title: "Statement Imported",
      description: `${receipt.fileName}: ${receipt.newLines} new ${receipt.newLines === 1 ? "line" : "lines"}, ${receipt.knownLines} already imported.`,
    });
  } catch (error) {
    return replyToDomainError(error, null, { extra: { form: "import" } });
  }
}

async function creditLine(admin: SessionUser, lineId: string, receivedAmount: string) {
  const env = getEnv();
  try {
    const outcome = await creditStatementLine(getPrisma(), {
      adminId: admin.id,
      lineId,
      receivedAmount,
      maxReceived: String(env.DEPOSIT_MAX_PER_REQUEST_INR),
      threshold: env.FOUR_EYES_THRESHOLD_INR,
    });
    if (outcome.state === "awaiting") {
      return redirectWithToast(paths.admin.bankStatements(), {
        kind: "success",
        title: AWAITING_APPROVAL,
        description: `Request ${outcome.referenceCode}: another admin must approve it under Approvals before the money moves.`,
      });
    }
    return redirectWithToast(paths.admin.bankStatements(), {
      kind: "success",
      title: "Deposit Credited",
      description: `Request ${outcome.referenceCode}: ${formatINR(outcome.credited ?? "0", { paise: true })} credited after the processing fee.`,
    });
  } catch (error) {
    return replyToDomainError(error, null, { extra: { form: "credit", lineId } });
  }
}
