import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { ErrorList, errorMessages } from "~/components/ui/error-list";
import { Field, SelectField } from "~/components/ui/field";
import { helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { errorsOf, submittedValue, type LastResult } from "~/lib/submission-result";
import { DOCUMENT_TYPE_OPTIONS } from "~/lib/property-documents";
import { paths } from "~/lib/paths";

export type AdminDocument = {
  id: string;
  documentType: string;
  documentName: string;
  description: string | null;
  fileSize: number;
  isPublic: boolean;
};

/**
 * Admin upload (type, name, optional description, file, public by default) and delete with a
 * confirmation step. `result` is the refusal of one of these forms: the upload shows again what
 * was typed, with each message by its field (the page's summary is the alert).
 */
export function DocumentManager({
  propertyId,
  documents,
  confirmDelete,
  result,
}: {
  propertyId: string;
  documents: AdminDocument[];
  confirmDelete: string | null;
  result: LastResult;
}) {
  const editPath = paths.admin.editProperty(propertyId);
  const uploading = useIsPending({ intent: "upload-document" });
  const deleting = useIsPending({ intent: "delete-document" });
  const value = (name: string) => submittedValue(result, name) ?? "";
  const fileErrors = errorsOf(result, "file");
  const fileInvalid = errorMessages(fileErrors).length > 0;
  return (
    <section aria-labelledby="documents-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="documents-heading" className="text-lg font-semibold">
        Documents
      </h2>
      {documents.length === 0 ? <p className="text-sm text-slate-600">No documents yet.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Property documents">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <a href={paths.propertyDocument(document.id)} className="font-medium text-brand-700 underline">
                {document.documentName}
              </a>{" "}
              <span className="text-slate-600">
                · {DOCUMENT_TYPE_OPTIONS.find(([v]) => v === document.documentType)?.[1] ?? document.documentType} ·{" "}
                {(document.fileSize / 1024).toFixed(0)} KB · {document.isPublic ? "public" : "holders only"}
              </span>
            </span>
            {confirmDelete === document.id ? (
              <Form method="post" className="flex items-center gap-2" preventScrollReset>
                <input type="hidden" name="intent" value="delete-document" />
                <input type="hidden" name="documentId" value={document.id} />
                <span className="font-medium text-red-800">Delete this document?</span>
                <StatusButton type="submit" size="sm" className="bg-red-700 hover:bg-red-800" pending={deleting}>
                  Yes, delete
                </StatusButton>
                <Link to={editPath} className={buttonClasses("secondary", "sm")} preventScrollReset>
                  Cancel
                </Link>
              </Form>
            ) : (
              <Link
                to={`${editPath}?deleteDocument=${document.id}`}
                className={buttonClasses("ghost", "sm", "text-red-700")}
                aria-label={`Delete ${document.documentName}`}
                preventScrollReset
              >
                Delete
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="upload-document" />
        <SelectField
          label="Document type"
          errors={errorsOf(result, "documentType")}
          announceErrors={false}
          selectProps={{ id: "document-type", name: "documentType", defaultValue: value("documentType"), required: true }}
        >
          <option value="" disabled>
            Choose a type
          </option>
          {DOCUMENT_TYPE_OPTIONS.map(([optionValue, label]) => (
            <option key={optionValue} value={optionValue}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Document name"
          errors={errorsOf(result, "documentName")}
          announceErrors={false}
          inputProps={{ id: "document-name", name: "documentName", defaultValue: value("documentName"), required: true }}
        />
        <Field
          label="Description (optional)"
          className="sm:col-span-2"
          inputProps={{ id: "document-description", name: "description", defaultValue: value("description") }}
        />
        <div>
          <label htmlFor="document-file" className={labelClasses}>
            File
          </label>
          <input
            id="document-file"
            name="document"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
            aria-describedby={fileInvalid ? "document-file-help document-file-error" : "document-file-help"}
            aria-invalid={fileInvalid || undefined}
            className="mt-1 block w-full text-sm"
            required
          />
          <p id="document-file-help" className={helpTextClasses}>
            PDF, JPG, PNG, DOC or DOCX, max 10 MB.
          </p>
          <ErrorList id="document-file-error" errors={fileErrors} announce={false} />
        </div>
        <div className="flex items-center gap-2 self-end">
          <input id="document-public" name="isPublic" type="checkbox" defaultChecked={value("isPublic") !== "off"} className="size-4" />
          <label htmlFor="document-public" className={labelClasses}>
            Public (unticked: holders only)
          </label>
        </div>
        <div className="sm:col-span-2">
          <StatusButton type="submit" size="sm" pending={uploading}>
            Upload document
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}
