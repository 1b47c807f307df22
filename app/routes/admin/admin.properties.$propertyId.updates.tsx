import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PropertyUpdatesSection } from "~/components/property-updates/property-updates-section";
import { PublishUpdateForm } from "~/components/property-updates/publish-update-form";
import { listPropertyUpdates } from "~/domain/property-updates/list-updates.server";
import { publishPropertyUpdate } from "~/domain/property-updates/publish-update.server";
import { MAX_UPDATE_ATTACHMENTS } from "~/lib/property-updates";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { readUpdateForm } from "~/web/property-update-form.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

const propertyNotFound = () => data("Property not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const db = getPrisma();
  const property = await db.property.findUnique({ where: { id: propertyId }, select: { id: true, title: true } });
  if (!property) throw propertyNotFound();
  return { property, updates: await listPropertyUpdates(db, property.id, admin) };
}

// Title, text and label are the domain's to check, with its own messages; empty ones reach it as "".
const text = z.string().default("");
const updateSchema = z.object(
  { intent: z.literal("publish"), title: text, body: text, statusLabel: text, attachmentsPublic: z.literal("on").optional() },
  { error: "This form could not be processed. Please reload the page." },
);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const { fields, attachments, extraFiles } = await readUpdateForm(request);
  const submission = parseWithZod(fields, { schema: updateSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const fileRefusal = (message: string, status: number) =>
    data({ result: submission.reply({ fieldErrors: { attachments: [message] } }), followUp: null }, { status });
  if (extraFiles > 0) return fileRefusal(`Attach at most ${MAX_UPDATE_ATTACHMENTS} files.`, 400);
  if (attachments.some((file) => file.tooLarge))
    return fileRefusal("Failed to upload document. Please try again. The file is larger than 10 MB.", 413);
  const form = submission.value;
  try {
    const { holdersAlerted } = await publishPropertyUpdate(getPrisma(), getPrivateStorage(), {
      adminId: admin.id,
      propertyId,
      title: form.title,
      body: form.body,
      statusLabel: form.statusLabel,
      attachmentsPublic: form.attachmentsPublic === "on",
      attachments: attachments.map((file) => ({ fileName: file.name, body: [file.bytes] })),
    });
    return redirectWithToast(paths.admin.propertyUpdates(propertyId), {
      kind: "success",
      title: "Update published",
      description: `${holdersAlerted} ${holdersAlerted === 1 ? "holder" : "holders"} alerted and e-mailed.`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

export default function PropertyUpdatesPage() {
  const { property, updates } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <Link to={paths.admin.properties()} className="text-sm text-brand-700 underline">
        ← Back to properties
      </Link>
      <h1 className="text-2xl font-bold text-ink">Updates: {property.title}</h1>
      <PublishUpdateForm result={result} currentLabel={updates.currentLabel} />
      <PropertyUpdatesSection data={updates} />
    </div>
  );
}
