import { formatIndiaDate } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { StatusLabelBadge } from "./status-label-badge";

export type UpdateEntryData = {
  id: string;
  title: string;
  body: string;
  statusLabel: string;
  publishedAt: string | Date;
  attachments: { id: string; documentName: string; isPublic: boolean }[];
};

/** One update: its label, date, title, text and the attachments the viewer may download. */
export function UpdateEntry({
  update,
  context,
  headingLevel = 3,
}: {
  update: UpdateEntryData;
  context?: React.ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="py-3" aria-labelledby={`update-${update.id}`} data-testid="property-update">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <StatusLabelBadge label={update.statusLabel} />
        <time dateTime={new Date(update.publishedAt).toISOString()}>{formatIndiaDate(update.publishedAt)}</time>
        {context}
      </div>
      <Heading id={`update-${update.id}`} className="mt-1 font-semibold text-ink">
        {update.title}
      </Heading>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{update.body}</p>
      {update.attachments.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={`Attachments of ${update.title}`}>
          {update.attachments.map((file) => (
            <li key={file.id}>
              <a href={paths.propertyDocument(file.id)} download className="text-brand-700 underline">
                {file.documentName}
              </a>
              {file.isPublic ? null : <span className="text-slate-600"> · holders only</span>}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
