import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ExitFigures } from "~/components/exits/exit-figures";
import { ErrorList, FormErrors } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getPropertyExit } from "~/domain/exits/exit-reads.server";
import { SALE_COSTS_RULES, SALE_PRICE_RULES } from "~/domain/exits/exit-rules";
import { proposeExit, requestExitCompletion } from "~/domain/exits/exits.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { rupeeField } from "~/lib/rupee-field";
import { errorsOf, formErrorsOf, submittedValue } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormWithFiles } from "~/web/property-update-form.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { MAX_SALE_DOCUMENTS } from "~/domain/exits/sale-documents.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

const propertyNotFound = () => data("Property not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const db = getPrisma();
  const property = await db.property.findUnique({ where: { id: propertyId }, select: { id: true, title: true, totalShares: true } });
  if (!property) throw propertyNotFound();
  const [exit, holders] = await Promise.all([
    getPropertyExit(db, property.id),
    db.userPropertyPosition.count({ where: { propertyId: property.id, shares: { gt: 0 } } }),
  ]);
  return { property, exit, holders, maxDocuments: MAX_SALE_DOCUMENTS };
}

// Names and dates are the domain's to check; empty fields reach it as "" so it answers in its own words.
const text = z.string().default("");
const exitSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("propose"),
      buyerName: text,
      salePrice: rupeeField(SALE_PRICE_RULES),
      costs: rupeeField(SALE_COSTS_RULES),
      expectedCompletionDate: text,
      note: text,
    }),
    z.object({ intent: z.literal("complete"), exitId: text }),
  ],
  { error: "This form could not be processed. Please reload the page." },
);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const { fields, attachments, extraFiles } = await readFormWithFiles(request, { fileField: "documents", maxFiles: MAX_SALE_DOCUMENTS });
  const submission = parseWithZod(fields, { schema: exitSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  if (extraFiles > 0) {
    return data(
      { result: submission.reply({ fieldErrors: { documents: [`Attach at most ${MAX_SALE_DOCUMENTS} documents.`] } }) },
      { status: 400 },
    );
  }
  const form = submission.value;
  try {
    if (form.intent === "propose") {
      await proposeExit(
        getPrisma(),
        { adminId: admin.id, propertyId, ...form, salePrice: form.salePrice.toFixed(2), costs: form.costs.toFixed(2) },
        {
          storage: getPrivateStorage(),
          documents: attachments.map((file) => ({ fileName: file.name, body: [file.bytes], tooLarge: file.tooLarge })),
        },
      );
      return redirectWithToast(paths.admin.propertyExit(propertyId), {
        kind: "success",
        title: "Sale proposed",
        description: "A second admin must approve it on the approvals page; trading stops when they do.",
      });
    }
    await requestExitCompletion(getPrisma(), { adminId: admin.id, exitId: form.exitId });
    return redirectWithToast(paths.admin.propertyExit(propertyId), {
      kind: "success",
      title: "Completion requested",
      description: "A second admin must approve the pay-out on the approvals page.",
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

const STATUS_TEXT = {
  proposed: "Proposed: waiting for a second admin to agree it. Trading continues until then.",
  agreed: "Agreed: trading has stopped. Holders see the expected pay-out.",
  completed: "Sold: the net proceeds were paid to the holders.",
} as const;

export default function PropertyExitPage() {
  const { property, exit, holders, maxDocuments } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const proposing = useIsPending({ intent: "propose" });
  const completing = useIsPending({ intent: "complete" });
  const fieldErrors = (name: string) => errorsOf(result, name);
  const value = (name: string) => submittedValue(result, name) ?? "";
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <Link to={paths.admin.properties()} className="text-sm text-brand-700 underline">
        ← Back to properties
      </Link>
      <h1 className="text-2xl font-bold text-ink">Sale: {property.title}</h1>
      <p className="text-sm text-slate-600">
        {holders} {holders === 1 ? "investor holds" : "investors hold"} shares of {property.totalShares}.
      </p>
      <FormErrors errors={formErrorsOf(result, "intent", "exitId")} />

      {exit ? (
        <section aria-labelledby="exit-heading" className="max-w-2xl space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="exit-heading" className="text-lg font-semibold">
            The sale
          </h2>
          <p className="text-sm" data-testid="exit-status">
            {STATUS_TEXT[exit.status]}
            {exit.awaitingApproval ? " Awaiting a second admin's approval." : ""}
          </p>
          <ExitFigures exit={exit} />
          {exit.status === "completed" ? (
            <p className="text-sm text-slate-700">
              Paid {formatINR(exit.paidAmount ?? "0", { paise: true })} to {exit.holderCount} holders; remainder{" "}
              {formatINR(exit.remainderAmount ?? "0", { paise: true })} kept in the property&apos;s account.
            </p>
          ) : null}
          {exit.status === "agreed" && !exit.awaitingApproval ? (
            <Form method="post">
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="exitId" value={exit.id} />
              <p className={helpTextClasses}>
                Completing pays every holder net × their shares ÷ {exit.totalShares}, rounded down to the paisa, in one journal, and closes
                their positions. A second admin must approve it.
              </p>
              <StatusButton type="submit" pending={completing}>
                Complete the sale and pay out
              </StatusButton>
            </Form>
          ) : null}
        </section>
      ) : (
        <section aria-labelledby="propose-heading" className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="propose-heading" className="text-lg font-semibold">
            Propose a sale
          </h2>
          <p className={helpTextClasses}>
            When a second admin approves the proposal, trading in this property stops: open sell requests are cancelled, buyer holds voided
            and reservations released. Attach the sale agreement and any other documents of the sale below: holders read them in their
            document vault.
          </p>
          <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="propose" />
            <Field
              label="Buyer"
              errors={fieldErrors("buyerName")}
              inputProps={{ id: "buyerName", name: "buyerName", maxLength: 200, defaultValue: value("buyerName") }}
            />
            <Field
              label="Sale price (₹)"
              errors={fieldErrors("salePrice")}
              inputProps={{ id: "salePrice", name: "salePrice", inputMode: "decimal", defaultValue: value("salePrice") }}
            />
            <Field
              label="Costs of the sale (₹)"
              errors={fieldErrors("costs")}
              inputProps={{ id: "costs", name: "costs", inputMode: "decimal", defaultValue: value("costs") }}
            />
            <Field
              label="Expected completion date"
              errors={fieldErrors("expectedCompletionDate")}
              inputProps={{
                id: "expectedCompletionDate",
                name: "expectedCompletionDate",
                type: "date",
                defaultValue: value("expectedCompletionDate"),
              }}
            />
            <Field label="Note" inputProps={{ id: "note", name: "note", maxLength: 1000, defaultValue: value("note") }} />
            <div>
              <label htmlFor="sale-documents" className={labelClasses}>
                Documents of the sale (optional)
              </label>
              <input
                id="sale-documents"
                name="documents"
                type="file"
                multiple
                accept=".pdf,application/pdf"
                aria-describedby={fieldErrors("documents") ? "sale-documents-help sale-documents-error" : "sale-documents-help"}
                aria-invalid={fieldErrors("documents") ? true : undefined}
                className="mt-1 block w-full text-sm"
              />
              <p id="sale-documents-help" className={helpTextClasses}>
                Up to {maxDocuments} PDFs, at most 10 MB each. Kept in private storage; shown to the property&apos;s holders.
              </p>
              <ErrorList id="sale-documents-error" errors={fieldErrors("documents")} />
            </div>
            <StatusButton type="submit" pending={proposing}>
              Propose the sale
            </StatusButton>
          </Form>
        </section>
      )}
    </div>
  );
}
