import { data } from "@remix-run/node";
import { loadTaxPack, loadTdsCertificate, type TaxPack } from "~/domain/tds/tax-pack.server";
import { addTdsRate, listTdsQuarters, listTdsRates, markTdsDeposited, quarterOrNull, tdsReturnCsv } from "~/domain/tds/tds-admin.server";
import { formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { getPrisma, readInOneSnapshot } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { statementYearAsked } from "~/web/statements.server";

const badRequest = (message: string) => new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** ?year=&quarter= as a period, or a 400 saying what is missing. */
function quarterFrom(request: Request) {
  const url = new URL(request.url);
  const period = quarterOrNull(url.searchParams.get("year"), url.searchParams.get("quarter"));
  if (!period) throw badRequest("Choose a financial year (?year=2026) and a quarter from 1 to 4 (&quarter=1).");
  return period;
}

/**
 * The signed-in investor's own certificate for a quarter: only their rows are ever read, so a
 * quarter in which they were paid nothing (another investor's certificate) is a 404.
 */
export async function ownTdsCertificate(request: Request, user: SessionUser) {
  const certificate = await loadTdsCertificate(getPrisma(), user.id, quarterFrom(request));
  if (!certificate) throw new Response("Not found", { status: 404 });
  return certificate;
}

/** The signed-in investor's tax pack for the financial year asked for (?year=, as the statements). */
export async function ownTaxPack(request: Request, user: SessionUser): Promise<TaxPack> {
  // The statement's figures and the withholding rows as of one moment (ADR 0100): the gross
  // income is the distributions received plus the TDS withheld from them.
  const pack = await readInOneSnapshot(getPrisma(), async (tx) => {
    const { year } = await statementYearAsked(tx, request, user);
    return loadTaxPack(tx, user.id, year);
  });
  if (!pack) throw new Response("Not found", { status: 404 });
  return pack;
}

export async function loadAdminTds() {
  const prisma = getPrisma();
  const [rates, quarters] = await Promise.all([listTdsRates(prisma), listTdsQuarters(prisma)]);
  return { rates, quarters };
}

export async function adminTdsReturn(request: Request) {
  const period = quarterFrom(request);
  return tdsReturnCsv(getPrisma(), { year: String(period.financialYear), quarter: String(period.quarter) });
}

/** The TDS page's two forms: a new rate from a date, and a quarter's deposit with its challan. */
export async function handleAdminTdsAction(request: Request, admin: SessionUser) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  const field = (name: string) => form.get(name) ?? undefined;
  try {
    if (intent === "add-rate") {
      await addTdsRate(getPrisma(), {
        adminId: admin.id,
        residency: field("residency"),
        act: field("act"),
        section: field("section"),
        rateWithPan: field("rateWithPan"),
        rateWithoutPan: field("rateWithoutPan"),
        threshold: field("threshold"),
        validFrom: field("validFrom"),
      });
      return redirectWithToast(paths.admin.tds(), {
        kind: "success",
        title: "TDS Rate Added",
        description: "Payments from its date on use it.",
      });
    }
    if (intent === "deposit") {
      const deposit = await markTdsDeposited(getPrisma(), {
        adminId: admin.id,
        year: field("year"),
        quarter: field("quarter"),
        bsrCode: field("bsrCode"),
        challanSerial: field("challanSerial"),
        depositedOn: field("depositedOn"),
        amount: field("amount"),
      });
      return redirectWithToast(paths.admin.tds(), {
        kind: "success",
        title: "TDS Deposited",
        description: `${formatRupees(deposit.amount)} for ${deposit.payments} payments is recorded as deposited.`,
      });
    }
  } catch (error) {
    return replyToDomainError(error, null);
  }
  return data({ result: { status: "error" as const, error: { "": ["Unknown request"] } }, followUp: null }, { status: 400 });
}
