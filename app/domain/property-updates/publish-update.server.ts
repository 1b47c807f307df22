import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { storeDocumentFile } from "~/domain/admin/properties/property-documents.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { marketChannel } from "~/lib/live-channels";
import { paths } from "~/lib/paths";
import { statusLabelText } from "~/lib/property-updates";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import type { MailMessage } from "~/services/mail/transport.server";
import { publish } from "~/services/realtime/publish.server";
import type { PrivateStorage, UploadBody } from "~/services/storage/private-storage.server";
import { checkUpdateFields, type CheckedUpdate, type UpdateFields } from "./update-rules";

export const UPDATE_ALERT_TYPE = "property_update";

export type IncomingAttachment = { fileName: string; body: UploadBody };
type StoredAttachment = { fileName: string; key: string; size: number; mime: string };

export type PublishUpdateInput = UpdateFields & {
  adminId: string;
  propertyId: string;
  /** Whether the attachments are public; otherwise holder-only, under the vault's rule (ADR 0070). */
  attachmentsPublic: boolean;
  attachments?: IncomingAttachment[];
};

/**
 * An admin publishes an update on a property: the files are stored first (each checked by
 * content), then the update, its attachments, the audit entry, every current holder's alert and
 * e-mail (through the mail outbox) are written in one transaction, and the property's live
 * channel hears of it at commit. A refusal or failure keeps nothing, files included.
 */
export async function publishPropertyUpdate(
  db: PrismaClient,
  storage: PrivateStorage,
  input: PublishUpdateInput,
): Promise<{ updateId: string; holdersAlerted: number }> {
  const attachments = input.attachments ?? [];
  const fields = checkUpdateFields(input, attachments.length);
  const stored: StoredAttachment[] = [];
  try {
    for (const file of attachments) {
      const saved = await storeDocumentFile(storage, input.propertyId, file.fileName, file.body).catch((error: unknown) => {
        // The form's file field is "attachments"; the message stays the document upload's.
        throw error instanceof DomainError ? new DomainError(error.code, error.message, error.status, "attachments") : error;
      });
      stored.push({ fileName: file.fileName, ...saved });
    }
    return await runTransaction(db, "property-updates.publish", (tx) => publishIn(tx, input, fields, stored));
  } catch (error) {
    await Promise.all(stored.map((file) => storage.delete(file.key).catch(() => undefined)));
    throw error;
  }
}

/**
 * publishPropertyUpdate inside a transaction the caller holds, without files, dated `at` and
 * without e-mails (the demo seed only, which writes a history of updates through it).
 */
export async function publishPropertyUpdateIn(
  tx: Tx,
  input: UpdateFields & { adminId: string; propertyId: string; id?: string },
  at: Date,
): Promise<{ updateId: string; holdersAlerted: number }> {
  const fields = checkUpdateFields(input);
  return publishIn(tx, { ...input, attachmentsPublic: false }, fields, [], { at, mail: false, id: input.id });
}

async function publishIn(
  tx: Tx,
  input: { adminId: string; propertyId: string; attachmentsPublic: boolean },
  fields: CheckedUpdate,
  stored: StoredAttachment[],
  options: { at?: Date; mail?: boolean; id?: string } = {},
): Promise<{ updateId: string; holdersAlerted: number }> {
  const property = await tx.property.findUnique({ where: { id: input.propertyId }, select: { id: true, title: true } });
  if (!property) throw new DomainError("property_not_found", "Property not found.", 404);
  const previous = await tx.propertyUpdate.findFirst({
    where: { propertyId: property.id },
    orderBy: { publishedAt: "desc" },
    select: { statusLabel: true },
  });
  const update = await tx.propertyUpdate.create({
    data: {
      id: options.id,
      propertyId: property.id,
      title: fields.title,
      body: fields.body,
      statusLabel: fields.statusLabel,
      publishedBy: input.adminId,
      publishedAt: options.at,
    },
    select: { id: true, publishedAt: true },
  });
  if (stored.length > 0) {
    await tx.propertyDocument.createMany({
      data: stored.map((file) => ({
        propertyId: property.id,
        updateId: update.id,
        documentType: "update_attachment" as const,
        documentName: file.fileName.replace(/\.[^.]+$/, "").slice(0, 200) || "Attachment",
        storageKey: file.key,
        fileSize: file.size,
        mimeType: file.mime,
        uploadedBy: input.adminId,
        isPublic: input.attachmentsPublic,
        // An attachment is published with its update: the vault's rule reads this moment.
        uploadedAt: update.publishedAt,
      })),
    });
  }
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: "property_update.publish",
    targetType: "property",
    targetId: property.id,
    before: previous ? { statusLabel: previous.statusLabel } : undefined,
    after: {
      updateId: update.id,
      title: fields.title,
      statusLabel: fields.statusLabel,
      attachments: stored.length,
      attachmentsPublic: input.attachmentsPublic,
    },
    at: options.at,
  });
  const holders = await tx.$queryRaw<{ user_id: string; email: string | null; full_name: string | null }[]>`
    SELECT p.user_id::text AS user_id, u.email, u.full_name
      FROM user_property_positions p JOIN user_profiles u ON u.user_id = p.user_id
     WHERE p.property_id = ${property.id} AND p.shares > 0
     ORDER BY p.user_id`;
  const label = statusLabelText(fields.statusLabel);
  const labelNote =
    previous && previous.statusLabel !== fields.statusLabel
      ? `Status: ${statusLabelText(previous.statusLabel)} → ${label}.`
      : `Status: ${label}.`;
  for (const holder of holders) {
    await createUserAlert(tx, {
      userId: holder.user_id,
      alertType: UPDATE_ALERT_TYPE,
      title: `Update on ${property.title}: ${fields.title}`,
      message: `${labelNote} ${excerpt(fields.body)}`,
      propertyId: property.id,
      createdAt: options.at,
    });
  }
  if (options.mail !== false) {
    const mails = holders.filter((h) => h.email).map((h) => updateMail(h, property, fields, labelNote));
    if (mails.length > 0) await tx.mailOutbox.createMany({ data: mails.map((message) => ({ message })) });
  }
  await publish(marketChannel(property.id), { type: "property-update", id: update.id }, tx);
  return { updateId: update.id, holdersAlerted: holders.length };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

function updateMail(
  holder: { email: string | null; full_name: string | null },
  property: { id: string; title: string },
  fields: CheckedUpdate,
  labelNote: string,
): MailMessage {
  return {
    to: [holder.email!],
    subject: `Update on ${property.title}: ${fields.title}`,
    text: [
      `Hello ${holder.full_name ?? ""}`.trim() + ",",
      "",
      `${fields.title}`,
      labelNote,
      "",
      fields.body,
      "",
      `Your position: ${getEnv().APP_ORIGIN ?? ""}${paths.dashboard.property(property.id)}`,
      "",
      "Aangan",
    ].join("\n"),
  };
}
