import { Form } from "@remix-run/react";
import { ErrorList, errorMessages, FormErrors } from "~/components/ui/error-list";
import { Field, SelectField } from "~/components/ui/field";
import { controlClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MAX_UPDATE_ATTACHMENTS, STATUS_LABEL_OPTIONS, UPDATE_BODY_MAX, UPDATE_TITLE_MAX } from "~/lib/property-updates";
import { errorsOf, formErrorsOf, submittedValue, type LastResult } from "~/lib/submission-result";

/** The admin's form for an update: title, text, status label, up to three files and who may read them. */
export function PublishUpdateForm({ result, currentLabel }: { result: LastResult; currentLabel: string | null }) {
  const publishing = useIsPending({ intent: "publish" });
  const value = (name: string, fallback = "") => submittedValue(result, name) ?? fallback;
  const bodyErrors = errorsOf(result, "body");
  const fileErrors = errorsOf(result, "attachments");
  const bodyInvalid = errorMessages(bodyErrors).length > 0;
  const fileInvalid = errorMessages(fileErrors).length > 0;
  return (
    <section aria-labelledby="publish-heading" className="max-w-2xl space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="publish-heading" className="text-lg font-semibold">
        Publish an update
      </h2>
      <p className={helpTextClasses}>Every holder gets an alert and an e-mail. The update shows on the property&apos;s page to everyone.</p>
      <FormErrors errors={formErrorsOf(result, "title", "body", "statusLabel", "attachments")} />
      <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="publish" />
        <Field
          label="Title"
          errors={errorsOf(result, "title")}
          inputProps={{ id: "update-title", name: "title", maxLength: UPDATE_TITLE_MAX, defaultValue: value("title"), required: true }}
        />
        <div>
          <label htmlFor="update-body" className={labelClasses}>
            Text
          </label>
          <textarea
            id="update-body"
            name="body"
            rows={6}
            maxLength={UPDATE_BODY_MAX}
            defaultValue={value("body")}
            required
            aria-invalid={bodyInvalid || undefined}
            aria-describedby={bodyInvalid ? "update-body-error" : undefined}
            className={controlClasses}
          />
          <ErrorList id="update-body-error" errors={bodyErrors} />
        </div>
        <SelectField
          label="Status label"
          errors={errorsOf(result, "statusLabel")}
          selectProps={{ id: "update-label", name: "statusLabel", defaultValue: value("statusLabel", currentLabel ?? ""), required: true }}
        >
          <option value="" disabled>
            Choose a label
          </option>
          {STATUS_LABEL_OPTIONS.map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor="update-attachments" className={labelClasses}>
            Attachments (optional)
          </label>
          <input
            id="update-attachments"
            name="attachments"
            type="file"
            multiple
            accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
            aria-describedby={fileInvalid ? "update-attachments-help update-attachments-error" : "update-attachments-help"}
            aria-invalid={fileInvalid || undefined}
            className="mt-1 block w-full text-sm"
          />
          <p id="update-attachments-help" className={helpTextClasses}>
            Up to {MAX_UPDATE_ATTACHMENTS} files: PDF, JPG, PNG, DOC or DOCX, max 10 MB each.
          </p>
          <ErrorList id="update-attachments-error" errors={fileErrors} />
        </div>
        <div className="flex items-center gap-2">
          <input
            id="update-attachments-public"
            name="attachmentsPublic"
            type="checkbox"
            defaultChecked={value("attachmentsPublic") === "on"}
            className="size-4"
          />
          <label htmlFor="update-attachments-public" className={labelClasses}>
            Attachments are public (unticked: holders only)
          </label>
        </div>
        <StatusButton type="submit" pending={publishing}>
          Publish update
        </StatusButton>
      </Form>
    </section>
  );
}
