import { DomainError } from "~/domain/errors";
import { isStatusLabel, MAX_UPDATE_ATTACHMENTS, UPDATE_BODY_MAX, UPDATE_TITLE_MAX, type StatusLabel } from "~/lib/property-updates";

export type UpdateFields = { title: string; body: string; statusLabel: string };
export type CheckedUpdate = { title: string; body: string; statusLabel: StatusLabel };

/** An update's own checks, before any file is stored or row written; each refusal names its field. */
export function checkUpdateFields(fields: UpdateFields, attachmentCount = 0): CheckedUpdate {
  const title = fields.title.trim();
  if (!title) throw new DomainError("update_title_required", "Enter a title.", 400, "title");
  if (title.length > UPDATE_TITLE_MAX) {
    throw new DomainError("update_title_long", `The title is too long: at most ${UPDATE_TITLE_MAX} characters.`, 400, "title");
  }
  const body = fields.body.trim();
  if (!body) throw new DomainError("update_body_required", "Enter the update's text.", 400, "body");
  if (body.length > UPDATE_BODY_MAX) {
    throw new DomainError("update_body_long", `The text is too long: at most ${UPDATE_BODY_MAX} characters.`, 400, "body");
  }
  if (!isStatusLabel(fields.statusLabel)) throw new DomainError("update_label_required", "Choose a status label.", 400, "statusLabel");
  if (attachmentCount > MAX_UPDATE_ATTACHMENTS) {
    throw new DomainError("update_too_many_files", `Attach at most ${MAX_UPDATE_ATTACHMENTS} files.`, 400, "attachments");
  }
  return { title, body, statusLabel: fields.statusLabel };
}
