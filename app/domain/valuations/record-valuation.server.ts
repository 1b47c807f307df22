import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { requestApproval } from "~/domain/approvals/four-eyes.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { marketChannel } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { UploadRefused, type PrivateStorage, type UploadBody } from "~/services/storage/private-storage.server";
import { valuationNeedsSecondAdmin, VALUATION_VALUE_RULES } from "./nav";
import { ValuationError } from "./valuation-error";

export const MAX_REPORT_BYTES = 10 * 1024 * 1024;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ValuationInput = {
  adminId: string;
  propertyId: string;
  valuer: string;
  valuationDate: string;
  value: unknown;
  /** The report as uploaded; null when no file was chosen. */
  report: { fileName: string; body: UploadBody; tooLarge?: boolean } | null;
};

export type RecordedValuation =
  | { state: "recorded"; valuationId: string; value: string }
  | { state: "awaiting"; valuationId: string; approvalId: string; value: string; change: string };

type CheckedValuation = { valuer: string; valuationDate: string; value: Decimal };

/** The form's fields, checked before a byte of the report is stored; each refusal names its field. */
export function checkValuationFields(input: Pick<ValuationInput, "valuer" | "valuationDate" | "value">, today: string): CheckedValuation {
  const valuer = input.valuer.trim();
  if (valuer.length < 2 || valuer.length > 200) {
    throw new ValuationError("valuer_required", "Enter the valuer's name (2 to 200 characters).", 400, "valuer");
  }
  const date = input.valuationDate.trim();
  const parsedDate = new Date(`${date}T00:00:00Z`);
  if (!DATE.test(date) || Number.isNaN(parsedDate.getTime()) || parsedDate.toISOString().slice(0, 10) !== date) {
    throw new ValuationError("valuation_date_required", "Enter the date of the valuation.", 400, "valuationDate");
  }
  if (date > today) throw new ValuationError("valuation_date_future", "A valuation cannot be dated in the future.", 400, "valuationDate");
  const parsed = parseRupees(input.value, VALUATION_VALUE_RULES);
  if (!parsed.ok) throw new ValuationError("invalid_value", parsed.message, 400, "value");
  return { valuer, valuationDate: date, value: parsed.value };
}

/**
 * An admin records a valuation report of a property (ADR 0069). The report (a PDF, checked by
 * its bytes) goes to private storage. Within 10% of the previous valuation (or, for the first,
 * of the property's value at issue) it is recorded at once and audited; beyond that it waits for
 * a second admin in the approvals queue and counts for nothing until approved. The property's
 * row is locked while the previous valuation is read, so two admins recording at once are
 * compared one after the other.
 */
export async function recordValuation(
  db: PrismaClient,
  storage: PrivateStorage,
  input: ValuationInput,
  now = new Date(),
): Promise<RecordedValuation> {
  const fields = checkValuationFields(input, istDate(now));
  const property = await db.property.findUnique({ where: { id: input.propertyId }, select: { id: true } });
  if (!property) throw new ValuationError("property_not_found", "Property not found.", 404);
  if (!input.report) throw new ValuationError("report_required", "Attach the valuation report (PDF).", 400, "report");
  if (input.report.tooLarge) throw new ValuationError("report_too_large", "The report is larger than 10 MB.", 413, "report");
  if (!/\.pdf$/i.test(input.report.fileName)) {
    throw new ValuationError("report_type", "The valuation report must be a PDF.", 415, "report");
  }
  let stored;
  try {
    stored = await storage.put(input.report.body, {
      maxBytes: MAX_REPORT_BYTES,
      allowedTypes: ["application/pdf"],
      prefix: `valuation-reports/${property.id}`,
    });
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const why =
      error.reason === "too_large"
        ? "The report is larger than 10 MB."
        : error.reason === "empty"
          ? "The report is empty."
          : "The valuation report must be a PDF.";
    throw new ValuationError(`report_${error.reason}`, why, error.status, "report");
  }
  let pending: { valuationId: string; previous: Decimal } | null = null;
  try {
    const outcome = await runTransaction(db, "valuations.record", async (tx) => {
      // The latest recorded valuation is the one the property names (ADR 0090).
      const [locked] = await tx.$queryRaw<{ total_value: string; debts: string; reserves: string; latest_value: string | null }[]>`
        SELECT p.total_value::text, p.debts::text, p.reserves::text,
               (SELECT v.value::text FROM property_valuations v WHERE v.id = p.latest_valuation_id) AS latest_value
          FROM properties p WHERE p.id = ${property.id} FOR UPDATE`;
      if (!locked) throw new ValuationError("property_not_found", "Property not found.", 404);
      const previous = new Decimal(locked.latest_value ?? locked.total_value);
      const awaiting = previous.gt(0) && valuationNeedsSecondAdmin(previous, fields.value);
      const row = await tx.propertyValuation.create({
        data: {
          propertyId: property.id,
          valuer: fields.valuer,
          valuationDate: new Date(`${fields.valuationDate}T00:00:00Z`),
          value: fields.value.toFixed(2),
          debts: locked.debts,
          reserves: locked.reserves,
          reportStorageKey: stored.key,
          reportSize: stored.size,
          status: awaiting ? "awaiting" : "recorded",
          recordedBy: input.adminId,
          decidedAt: awaiting ? null : now,
        },
        select: { id: true },
      });
      if (awaiting) return { valuationId: row.id, previous, awaiting: true as const };
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "valuation.record",
        targetType: "property",
        targetId: property.id,
        before: { value: previous.toFixed(2) },
        after: { valuationId: row.id, valuer: fields.valuer, valuationDate: fields.valuationDate, value: fields.value.toFixed(2) },
      });
      await publishAll([{ channel: marketChannel(property.id), type: "valuation", id: row.id }], tx);
      return { valuationId: row.id, previous, awaiting: false as const };
    });
    if (!outcome.awaiting) return { state: "recorded", valuationId: outcome.valuationId, value: fields.value.toFixed(2) };
    pending = outcome;
  } catch (error) {
    await storage.delete(stored.key).catch(() => undefined);
    if (error && typeof error === "object" && "code" in error && error.code === "P2002") {
      throw new ValuationError("valuation_awaiting", "A valuation of this property is already awaiting a second admin's approval.", 409);
    }
    throw error;
  }
  const change = fields.value.minus(pending.previous).div(pending.previous).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const signed = `${change.gt(0) ? "+" : ""}${change.toFixed(2)}%`;
  try {
    const approvalId = await requestApproval(db, {
      kind: "valuation",
      targetId: pending.valuationId,
      amount: fields.value.toFixed(2),
      summary: `Valuation of ${formatINR(fields.value, { paise: true })} by ${fields.valuer} (${signed} against ${formatINR(pending.previous, { paise: true })})`,
      payload: {},
      adminId: input.adminId,
    });
    return { state: "awaiting", valuationId: pending.valuationId, approvalId, value: fields.value.toFixed(2), change: signed };
  } catch (error) {
    await db.propertyValuation.deleteMany({ where: { id: pending.valuationId, status: "awaiting" } });
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
