import { documentTypeLabel } from "~/lib/property-documents";
import { paths } from "~/lib/paths";

export type ListedDocument = {
  id: string;
  documentType: string;
  documentName: string;
  description: string | null;
  fileSize: number;
  isPublic: boolean;
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The property's documents with download links (through the authorised route); holder-only ones the viewer may see are marked. */
export function PropertyDocumentList({ documents }: { documents: ListedDocument[] }) {
  return (
    <section aria-labelledby="property-document-list" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="property-document-list" className="text-lg font-semibold">
        Documents
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No documents have been published for this property yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <a href={paths.propertyDocument(doc.id)} download className="font-medium text-brand-700 underline">
                  {doc.documentName}
                </a>
                {doc.description ? <span className="block text-slate-600">{doc.description}</span> : null}
              </span>
              <span className="text-slate-600">
                {documentTypeLabel(doc.documentType)} · {size(doc.fileSize)}
                {doc.isPublic ? "" : " · holders only"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
