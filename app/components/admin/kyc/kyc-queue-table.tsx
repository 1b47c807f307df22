import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime } from "~/lib/formats";

export type QueueRow = {
  userId: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  kycStatus: string;
  kycSubmittedAt: Date | string | null;
};

export function KycStatusBadge({ status }: { status: string }) {
  const label = status === "under_review" ? "Under Review" : status.charAt(0).toUpperCase() + status.slice(1);
  const tone =
    status === "approved"
      ? "bg-green-100 text-green-800"
      : status === "rejected"
        ? "bg-red-100 text-red-800"
        : status === "under_review"
          ? "bg-amber-100 text-amber-900"
          : "bg-slate-100 text-slate-800";
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

/** The queue as cards that stack on a phone and line up on wider screens. */
export function KycQueueList({ rows, search }: { rows: QueueRow[]; search: string }) {
  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold">No Pending KYC Submissions</h2>
        <p className="mt-1 text-sm text-slate-600">
          {search ? "No submission matches your search." : "New submissions appear here as investors send them."}
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label="KYC submissions">
      {rows.map((row) => (
        <li
          key={row.userId}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{row.fullName ?? "No Name"}</p>
            <p className="text-sm break-all text-slate-600">{row.email}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <KycStatusBadge status={row.kycStatus} /> Submitted {formatIndiaDateTime(row.kycSubmittedAt)}
            </p>
          </div>
          <Link
            className={buttonClasses("primary", "sm", "shrink-0")}
            to={paths.admin.kyc({ q: search, review: row.userId })}
            preventScrollReset
          >
            Review Documents
          </Link>
        </li>
      ))}
    </ul>
  );
}
