import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { ErrorList, FormErrors } from "~/components/ui/error-list";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { SubmitButton } from "~/components/ui/status-button";
import { paths } from "~/lib/paths";
import { documentLabel } from "~/components/kyc/kyc-step-forms";
import { KycStatusBadge } from "./kyc-queue-table";
import { formatIndiaDateTime } from "~/lib/formats";
import { BankCheck } from "~/components/payouts/bank-check";
import type { BankAccountView } from "~/domain/payouts/bank-account-view";
import { focusOnOpen } from "~/components/ui/focus-on-open";

export type ReviewDocument = {
  id: string;
  documentType: string;
  fileName: string;
  mimeType: string;
  verificationStatus: string;
  adminNotes: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date | string;
};

export type ReviewUser = {
  userId: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  kycStatus: string;
  kycSubmittedAt: Date | string | null;
  dateOfBirth: Date | string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

const BANK_LABELS: Record<string, string> = {
  account_number: "Account number",
  ifsc_code: "IFSC",
  bank_name: "Bank",
  account_type: "Account type",
  pan_number: "PAN",
  aadhaar_number: "Aadhaar",
};

/**
 * 'Review Documents': a dialog the URL opens (?review=<userId>), so it works without
 * JavaScript; closing it is a link back to the queue.
 */
export function KycReviewDialog({
  user,
  documents,
  bankAccount = null,
  closeTo,
  errors,
  values,
}: {
  user: ReviewUser;
  documents: ReviewDocument[];
  bankAccount?: BankAccountView | null;
  closeTo: string;
  errors: { form?: string[]; reason?: string[] };
  values: { notes?: string; reason?: string };
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  useEffect(() => focusOnOpen(dialogRef.current, headingRef.current), [user.userId]);
  const details: Array<[string, string | null]> = [
    ["E-mail", user.email],
    ["Phone", user.phone],
    ["Date of birth", user.dateOfBirth ? new Date(user.dateOfBirth).toISOString().slice(0, 10) : null],
    ["Address", [user.address, user.city, user.state, user.postalCode, user.country].filter(Boolean).join(", ") || null],
    ["Submitted", formatIndiaDateTime(user.kycSubmittedAt)],
  ];
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-2 sm:p-6">
      <section
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="kyc-review-title"
        className="w-full max-w-3xl rounded-xl bg-white p-4 shadow-xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id="kyc-review-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold break-words">
            Review Documents: {user.fullName ?? "No Name"}
          </h2>
          <Link to={closeTo} className={buttonClasses("ghost", "sm")} preventScrollReset>
            Close
          </Link>
        </div>
        <p className="mt-1">
          <KycStatusBadge status={user.kycStatus} />
        </p>
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-words">{value || "—"}</dd>
            </div>
          ))}
        </dl>

        <BankCheck account={bankAccount} />

        <h3 className="mt-6 font-semibold">Documents</h3>
        {documents.length === 0 ? (
          <p className="text-sm text-slate-600">No documents uploaded.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {documents.map((doc) => (
              <li key={doc.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-all">{doc.fileName}</p>
                  <p className="text-slate-600">
                    {documentLabel(doc.documentType)} · uploaded {formatIndiaDateTime(doc.createdAt)} ·{" "}
                    <KycStatusBadge status={doc.verificationStatus} />
                  </p>
                  {Object.keys(doc.metadata).length > 0 ? (
                    <p className="mt-1 text-xs text-slate-700">
                      {Object.entries(doc.metadata)
                        .map(([key, value]) => `${BANK_LABELS[key] ?? key}: ${String(value)}`)
                        .join(" · ")}
                    </p>
                  ) : null}
                  {doc.adminNotes ? <p className="mt-1 text-xs text-slate-600">Notes: {doc.adminNotes}</p> : null}
                </div>
                <a
                  className={buttonClasses("secondary", "sm", "shrink-0")}
                  href={paths.kycDocument(doc.id)}
                  target="_blank"
                  rel="noreferrer"
                >
                  Open file
                </a>
              </li>
            ))}
          </ul>
        )}

        <Form method="post" className="mt-6 space-y-4" preventScrollReset>
          <input type="hidden" name="userId" value={user.userId} />
          <FormErrors errors={errors.form} />
          <div>
            <label htmlFor="kyc-notes" className={labelClasses}>
              Admin notes
            </label>
            <textarea id="kyc-notes" name="notes" rows={3} maxLength={1000} defaultValue={values.notes} className={controlClasses} />
          </div>
          <div>
            <label htmlFor="kyc-reason" className={labelClasses}>
              Reason for rejection (required to reject)
            </label>
            <textarea
              id="kyc-reason"
              name="reason"
              rows={2}
              maxLength={1000}
              defaultValue={values.reason}
              aria-invalid={errors.reason?.length ? true : undefined}
              aria-describedby={errors.reason?.length ? "kyc-reason-error" : undefined}
              className={controlClasses}
            />
            <ErrorList id="kyc-reason-error" errors={errors.reason} />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <SubmitButton intent="reject" variant="secondary" className="border-red-300 text-red-700">
              Reject KYC
            </SubmitButton>
            <SubmitButton intent="approve">Approve KYC</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
