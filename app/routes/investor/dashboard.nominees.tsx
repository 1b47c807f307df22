import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { HoldingsCertificateForm } from "~/components/dashboard/holdings-certificate-form";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, fieldErrorClasses, formErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { getNomination } from "~/domain/nominees/nominees.server";
import { MAX_NOMINEES, NOMINEE_FIELDS, fieldName, readNomineeRows, type NomineeField } from "~/lib/nominee-form";
import { getPrisma } from "~/services/db.server";
import { requireDashboardUser } from "~/web/guards.server";
import { submitNominees, type NomineesActionData } from "~/web/nominees.server";
import { readDraft } from "~/web/reauth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const [nomination, draft] = await Promise.all([getNomination(getPrisma(), user.id), readDraft(user, "nominees")]);
  return { nomination, draftRows: draft ? readNomineeRows(draft) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return submitNominees(request, user);
}

const LABELS: Record<NomineeField, string> = {
  name: "Full name",
  relationship: "Relationship",
  dob: "Date of birth",
  share: "Share (%)",
  contact: "Phone or e-mail (optional)",
};
const TYPES: Record<NomineeField, string> = { name: "text", relationship: "text", dob: "date", share: "text", contact: "text" };
const blank = (): Record<NomineeField, string> => ({ name: "", relationship: "", dob: "", share: "", contact: "" });

export default function NomineesPage() {
  const { nomination, draftRows } = useLoaderData<typeof loader>();
  const reply = useActionData<NomineesActionData>();
  const saved = nomination.nominees.map((n) => ({
    name: n.fullName,
    relationship: n.relationship,
    dob: n.dateOfBirth,
    share: n.sharePercent,
    contact: n.contact ?? "",
  }));
  const base = reply?.rows ?? draftRows ?? saved;
  const rows = base.length === 0 ? [blank()] : reply?.extraRow && base.length < MAX_NOMINEES ? [...base, blank()] : base;
  const errors = reply?.errors;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Nominees</h1>
      <p className="text-sm text-slate-700">
        {nomination.state === "nominated"
          ? `You have named ${nomination.nominees.length} nominee${nomination.nominees.length === 1 ? "" : "s"}.`
          : nomination.state === "opted_out"
            ? "You opted out of nomination. Your holdings would pass under the law of succession."
            : "You have not named nominees yet. Name up to ten, with shares adding up to 100%, or opt out."}
      </p>
      <Form method="post" className="space-y-4" aria-labelledby="nominees-heading">
        <h2 id="nominees-heading" className="text-lg font-semibold">
          Name your nominees
        </h2>
        {errors?.form ? (
          <p role="alert" className={formErrorClasses}>
            {errors.form}
          </p>
        ) : null}
        {rows.map((row, i) => (
          <fieldset key={i} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold">Nominee {i + 1}</legend>
            {NOMINEE_FIELDS.map((field) => {
              const id = fieldName(field, i);
              const error = errors?.rows[i]?.[field];
              return (
                <div key={field}>
                  <label htmlFor={id} className={labelClasses}>
                    {LABELS[field]}
                  </label>
                  <input
                    id={id}
                    name={id}
                    type={TYPES[field]}
                    inputMode={field === "share" ? "decimal" : undefined}
                    defaultValue={row[field]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={controlClasses}
                  />
                  {error ? (
                    <p id={`${id}-error`} className={fieldErrorClasses}>
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <p className={helpTextClasses}>
          Leave a nominee&apos;s fields empty to remove them. Saving asks you to confirm it&apos;s you if you signed in more than 15 minutes
          ago.
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClasses("primary", "md")}>
            Save nominees
          </button>
          {rows.length < MAX_NOMINEES ? (
            <button type="submit" name="intent" value="add-row" className={buttonClasses("secondary", "md")}>
              Add another nominee
            </button>
          ) : null}
        </div>
      </Form>
      <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">Opt out of nomination</h2>
        <div className="flex items-start gap-2">
          <input id="confirmOptOut" name="confirmOptOut" type="checkbox" value="yes" className="mt-1" />
          <label htmlFor="confirmOptOut" className="text-sm">
            I do not wish to name a nominee. I understand my holdings will then pass to my legal heirs under the law of succession.
          </label>
        </div>
        <button type="submit" name="intent" value="opt-out" className={buttonClasses("secondary", "md")}>
          Record my opt-out
        </button>
      </Form>
      <HoldingsCertificateForm />
    </div>
  );
}
