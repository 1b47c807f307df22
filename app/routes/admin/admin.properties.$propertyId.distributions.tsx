import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ErrorList, FormErrors } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { HolderWarningList } from "~/components/admin/properties/holder-warning-list";
import { declareDistribution, listPropertyDistributions, payDistributionNow } from "~/domain/distributions/distributions.server";
import { DISTRIBUTION_AMOUNT_RULES, istDate } from "~/domain/distributions/distribution-rules";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { rupeeField } from "~/lib/rupee-field";
import { errorsOf, formErrorsOf, submittedValue } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { adminHolderWarnings } from "~/web/holder-warnings.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { distributionTds } from "~/domain/tds/distribution-tds.server";
import { isUuid } from "~/lib/uuid";

const propertyNotFound = () => data("Property not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const db = getPrisma();
  const property = await db.property.findUnique({
    where: { id: propertyId },
    select: { id: true, title: true, totalShares: true, availableShares: true },
  });
  if (!property) throw propertyNotFound();
  const [distributions, warnings] = await Promise.all([listPropertyDistributions(db, property.id), adminHolderWarnings(db, [property.id])]);
  // Each holder's gross, TDS and net (ADR 0065): a preview from the payment's own split until it is paid, then what was paid.
  const recent = distributions.filter((d) => isUuid(d.id)).slice(0, 6);
  const tds = await Promise.all(recent.map(async (d) => ({ distribution: d, tds: await distributionTds(db, d.id) })));
  return { property, distributions, tds, warning: warnings[property.id] ?? null, today: istDate(new Date()) };
}

// The basis and the dates are the domain's to check (a job declares through the same rules);
// empty fields reach it as "" so it answers with its own messages.
const text = z.string().default("");
const distributionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("declare"),
      basis: text,
      amount: rupeeField(DISTRIBUTION_AMOUNT_RULES),
      recordDate: text,
      paymentDate: text,
      note: text,
    }),
    z.object({ intent: z.literal("pay"), distributionId: text }),
  ],
  { error: "This form could not be processed. Please reload the page." },
);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const submission = parseWithZod(await readFormData(request), { schema: distributionSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const form = submission.value;
  try {
    if (form.intent === "declare") {
      await declareDistribution(getPrisma(), { adminId: admin.id, propertyId, ...form, amount: form.amount.toFixed(2) });
      return redirectWithToast(paths.admin.propertyDistributions(propertyId), {
        kind: "success",
        title: "Distribution declared",
        description: `Funded and due on ${form.paymentDate}.`,
      });
    }
    const outcome = await payDistributionNow(getPrisma(), { adminId: admin.id, distributionId: form.distributionId });
    return redirectWithToast(paths.admin.propertyDistributions(propertyId), {
      kind: "success",
      title: "Distribution paid",
      description: `${formatINR(outcome.paid, { paise: true })} paid to ${outcome.holders} ${outcome.holders === 1 ? "holder" : "holders"}; ${formatINR(outcome.remainder, { paise: true })} remainder recorded.`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

export default function PropertyDistributionsPage() {
  const { property, distributions, tds, warning, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const paying = useIsPending({ intent: "pay" });
  const declaring = useIsPending({ intent: "declare" });
  const fieldErrors = (name: string) => errorsOf(result, name);
  const value = (name: string, fallback = "") => submittedValue(result, name) ?? fallback;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <Link to={paths.admin.properties()} className="text-sm text-brand-700 underline">
        ← Back to properties
      </Link>
      <h1 className="text-2xl font-bold text-ink">Distributions: {property.title}</h1>
      <p className="text-sm text-slate-600">
        {warning
          ? `${warning.holders} ${warning.holders === 1 ? "investor holds" : "investors hold"} shares; the largest holding is ${warning.largestPercent}% of ${property.totalShares} shares.`
          : "No investor holds shares yet."}
      </p>
      {warning ? <HolderWarningList warnings={warning.warnings} /> : null}
      <FormErrors errors={formErrorsOf(result, "intent", "distributionId")} />

      <section aria-labelledby="declared-heading" className="space-y-2">
        <h2 id="declared-heading" className="text-lg font-semibold">
          Declared distributions
        </h2>
        {distributions.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            No distributions yet.
          </p>
        ) : (
          <TableScroll label="Distributions" className="rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Record date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Payment date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Declared
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Funded
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Paid
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Remainder
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody>
                {distributions.map((d) => (
                  <tr key={d.id} className="border-t border-slate-100">
                    <td className="px-3 py-2">{d.recordDate}</td>
                    <td className="px-3 py-2">{d.paymentDate}</td>
                    <td className="px-3 py-2">
                      {formatINR(d.amount, { paise: true })} {d.basis === "per_share" ? "a share" : "in total"}
                      {d.note ? <span className="block text-xs text-slate-600">{d.note}</span> : null}
                    </td>
                    <td className="px-3 py-2">{formatINR(d.fundedAmount, { paise: true })}</td>
                    <td className="px-3 py-2">{d.status === "paid" ? "Paid" : "Declared"}</td>
                    <td className="px-3 py-2">
                      {d.paidAmount
                        ? d.perShareAmount === null
                          ? `${formatINR(d.paidAmount, { paise: true })} to ${d.holderCount} (credited without a declaration)`
                          : `${formatINR(d.paidAmount, { paise: true })} to ${d.holderCount} (${formatINR(d.perShareAmount, { paise: true })} × ${d.eligibleShares} shares)`
                        : "—"}
                    </td>
                    <td className="px-3 py-2">{d.remainderAmount ? formatINR(d.remainderAmount, { paise: true }) : "—"}</td>
                    <td className="px-3 py-2">
                      {d.status === "declared" ? (
                        d.paymentDate <= today ? (
                          <Form method="post">
                            <input type="hidden" name="distributionId" value={d.id} />
                            <input type="hidden" name="intent" value="pay" />
                            <StatusButton type="submit" size="sm" pending={paying}>
                              Pay now
                            </StatusButton>
                          </Form>
                        ) : (
                          <span className="text-xs text-slate-600">Paid on its payment date</span>
                        )
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      {tds.length > 0 ? (
        <section aria-labelledby="tds-heading" className="space-y-2">
          <h2 id="tds-heading" className="text-lg font-semibold">
            Gross, TDS and net per holder
          </h2>
          {tds.map(({ distribution: d, tds: split }) =>
            split ? (
              <details
                key={d.id}
                className="rounded-xl border border-slate-200 bg-white p-3"
                open={split.kind === "preview"}
                data-testid="distribution-tds"
              >
                <summary className="cursor-pointer text-sm font-medium">
                  Record date {d.recordDate}: {split.kind === "paid" ? "paid" : "preview"} — gross{" "}
                  {formatINR(split.totals.gross, { paise: true })}, TDS {formatINR(split.totals.tds, { paise: true })}, net{" "}
                  {formatINR(split.totals.net, { paise: true })}
                </summary>
                <p className="mt-1 text-xs text-slate-600">
                  {split.kind === "paid"
                    ? "What was paid: net to each wallet, TDS to the TDS payable account, in the payment's one journal."
                    : split.holdingsAsOf === "now"
                      ? "Preview with today's holdings: the record date has not ended, so they may still change."
                      : "Preview with the holdings at the end of the record date, as the payment will book it."}
                </p>
                <TableScroll label={`TDS for the distribution of ${d.recordDate}`}>
                  <table className="mt-2 w-full min-w-[32rem] text-left text-sm">
                    <thead className="text-slate-600">
                      <tr>
                        <th scope="col" className="py-1 pr-3">
                          Investor
                        </th>
                        <th scope="col" className="py-1 pr-3">
                          PAN
                        </th>
                        <th scope="col" className="py-1 pr-3 text-right">
                          Gross
                        </th>
                        <th scope="col" className="py-1 pr-3 text-right">
                          TDS
                        </th>
                        <th scope="col" className="py-1 text-right">
                          Net
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {split.lines.map((l) => (
                        <tr key={l.userId} className="border-t border-slate-100">
                          <td className="py-1 pr-3 break-all">{l.investor}</td>
                          <td className="py-1 pr-3">{l.pan}</td>
                          <td className="py-1 pr-3 text-right">{formatINR(l.gross, { paise: true })}</td>
                          <td className="py-1 pr-3 text-right">
                            {formatINR(l.tds, { paise: true })}
                            <span className="block text-xs text-slate-600">
                              s.{l.section}, {Number(l.rate)}%
                            </span>
                          </td>
                          <td className="py-1 text-right">{formatINR(l.net, { paise: true })}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </details>
            ) : null,
          )}
        </section>
      ) : null}

      <section aria-labelledby="declare-heading" className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="declare-heading" className="text-lg font-semibold">
          Declare a distribution
        </h2>
        <p className={helpTextClasses}>
          Declaring moves the amount from platform cash into this property&apos;s distribution account (ADR 0035). On the payment date every
          investor is paid for the shares they held at the end of the record date (India time); the amount per share is rounded down to the
          paisa and the remainder is recorded.
        </p>
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="declare" />
          <fieldset>
            <legend className={labelClasses}>The amount is</legend>
            <label className="mr-4 text-sm">
              <input type="radio" name="basis" value="total" defaultChecked={value("basis", "total") === "total"} /> the total to share
            </label>
            <label className="text-sm">
              <input type="radio" name="basis" value="per_share" defaultChecked={value("basis") === "per_share"} /> per share
            </label>
            <ErrorList id="basis-error" errors={fieldErrors("basis")} />
          </fieldset>
          <Field
            label="Amount (₹)"
            errors={fieldErrors("amount")}
            inputProps={{ id: "amount", name: "amount", inputMode: "decimal", defaultValue: value("amount") }}
          />
          <Field
            label="Record date"
            errors={fieldErrors("recordDate")}
            inputProps={{ id: "recordDate", name: "recordDate", type: "date", defaultValue: value("recordDate") }}
          />
          <Field
            label="Payment date"
            errors={fieldErrors("paymentDate")}
            inputProps={{ id: "paymentDate", name: "paymentDate", type: "date", defaultValue: value("paymentDate") }}
          />
          <Field label="Note" inputProps={{ id: "note", name: "note", maxLength: 500, defaultValue: value("note") }} />
          <StatusButton type="submit" pending={declaring}>
            Declare distribution
          </StatusButton>
        </Form>
      </section>
    </div>
  );
}
