import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, fieldErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
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

/** Admin upload (type, name, optional description, file, public by default) and delete with a confirmation step. */
export function DocumentManager({
  propertyId,
  documents,
  confirmDelete,
  errors,
  values,
}: {
  propertyId: string;
  documents: AdminDocument[];
  confirmDelete: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const editPath = paths.admin.editProperty(propertyId);
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
                {(document.fileSize / 1024).toFixed(0)} KB · {document.isPublic ? "public" : "admins only"}
              </span>
            </span>
            {confirmDelete === document.id ? (
              <Form method="post" className="flex items-center gap-2" preventScrollReset>
                <input type="hidden" name="intent" value="delete-document" />
                <input type="hidden" name="documentId" value={document.id} />
                <span className="font-medium text-red-800">Delete this document?</span>
                <button type="submit" className={buttonClasses("primary", "sm", "bg-red-700 hover:bg-red-800")}>
                  Yes, delete
                </button>
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
        <div>
          <label htmlFor="document-type" className={labelClasses}>
            Document type
          </label>
          <select id="document-type" name="documentType" defaultValue={values.documentType ?? ""} className={controlClasses} required>
            <option value="" disabled>
              Choose a type
            </option>
            {DOCUMENT_TYPE_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {errors.documentType ? <p className={fieldErrorClasses}>{errors.documentType}</p> : null}
        </div>
        <div>
          <label htmlFor="document-name" className={labelClasses}>
            Document name
          </label>
          <input id="document-name" name="documentName" defaultValue={values.documentName ?? ""} className={controlClasses} required />
          {errors.documentName ? <p className={fieldErrorClasses}>{errors.documentName}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="document-description" className={labelClasses}>
            Description (optional)
          </label>
          <input id="document-description" name="description" defaultValue={values.description ?? ""} className={controlClasses} />
        </div>
        <div>
          <label htmlFor="document-file" className={labelClasses}>
            File
          </label>
          <input
            id="document-file"
            name="document"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
            aria-describedby="document-file-help"
            className="mt-1 block w-full text-sm"
            required
          />
          <p id="document-file-help" className={helpTextClasses}>
            PDF, JPG, PNG, DOC or DOCX, max 10 MB.
          </p>
          {errors.file ? <p className={fieldErrorClasses}>{errors.file}</p> : null}
        </div>
        <div className="flex items-center gap-2 self-end">
          <input id="document-public" name="isPublic" type="checkbox" defaultChecked={values.isPublic !== "off"} className="size-4" />
          <label htmlFor="document-public" className={labelClasses}>
            Visible to investors
          </label>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClasses("primary", "sm")}>
            Upload document
          </button>
        </div>
      </Form>
    </section>
  );
}
