import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, SelectField } from "~/components/ui/field";
import { FormErrors } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { controlClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { INDIA_REGIONS, regionByCode } from "~/lib/india-states";
import { INDIA_ONLY_NOTE } from "~/lib/kyc/contact";
import { AADHAAR_CONSENT_TEXT } from "~/lib/kyc/kyc-steps";
import { paths } from "~/lib/paths";

/** A refused step: its alert's title, and conform's error map (the alert's text under "", each field's messages under its name). */
export type StepErrors = { title: string; fields: Record<string, string[] | null | undefined> } | null;
export type WizardFile = { id: string; slot: string; fileName: string; mime: string; uploadedAt: string };

const DOCUMENT_LABELS: Record<string, string> = {
  pan_card: "PAN card",
  aadhaar_front: "Aadhaar card (front)",
  aadhaar_back: "Aadhaar card (back)",
  proof_of_address: "Address proof",
  selfie: "Selfie",
};
export const documentLabel = (slot: string) => DOCUMENT_LABELS[slot] ?? slot;

function StepAlert({ errors }: { errors: StepErrors }) {
  if (!errors) return null;
  return <FormErrors className="mb-4" errors={[`${errors.title} - ${(errors.fields[""] ?? []).join(" ")}`]} />;
}

/** Previous (when there is a step before) and Next, both real submit buttons of the step's form. */
function StepButtons({ step, nextLabel = "Next" }: { step: number; nextLabel?: string }) {
  return (
    <div className="mt-6 flex flex-wrap justify-between gap-3">
      {step > 1 ? (
        <SubmitButton intent="previous" variant="secondary" formNoValidate>
          Previous
        </SubmitButton>
      ) : (
        <span />
      )}
      <SubmitButton intent="next">{nextLabel}</SubmitButton>
    </div>
  );
}

function StepForm({ step, multipart, children }: { step: string; multipart?: boolean; children: ReactNode }) {
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="space-y-4" noValidate>
      <input type="hidden" name="step" value={step} />
      {children}
    </Form>
  );
}

const value = (values: Record<string, string>, name: string) => values[name] ?? "";

export function PersonalStepForm({ values, errors }: { values: Record<string, string>; errors: StepErrors }) {
  const f = (name: string) => errors?.fields[name] ?? undefined;
  return (
    <StepForm step="personal">
      <StepAlert errors={errors} />
      <Field
        label="Full name"
        errors={f("fullName")}
        inputProps={{ name: "fullName", defaultValue: value(values, "fullName"), autoComplete: "name", required: true }}
      />
      <Field
        label="Date of birth"
        help="You must be 18 or older."
        errors={f("dateOfBirth")}
        inputProps={{ name: "dateOfBirth", type: "date", defaultValue: value(values, "dateOfBirth"), autoComplete: "bday", required: true }}
      />
      <Field
        label="Address"
        errors={f("address")}
        inputProps={{ name: "address", defaultValue: value(values, "address"), autoComplete: "street-address", required: true }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="City"
          errors={f("city")}
          inputProps={{ name: "city", defaultValue: value(values, "city"), autoComplete: "address-level2", required: true }}
        />
        <SelectField
          label="State or union territory"
          errors={f("stateCode")}
          selectProps={{ name: "stateCode", defaultValue: value(values, "stateCode"), autoComplete: "address-level1", required: true }}
        >
          <option value="">Choose…</option>
          {INDIA_REGIONS.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="PIN code"
          errors={f("postalCode")}
          inputProps={{
            name: "postalCode",
            defaultValue: value(values, "postalCode"),
            inputMode: "numeric",
            pattern: "[1-9][0-9]{5}",
            maxLength: 6,
            autoComplete: "postal-code",
            required: true,
          }}
        />
        <Field
          label="Mobile number"
          help="+91 and your 10-digit mobile number"
          errors={f("phone")}
          inputProps={{ name: "phone", type: "tel", defaultValue: value(values, "phone") || "+91 ", autoComplete: "tel", required: true }}
        />
      </div>
      <div>
        <p className={labelClasses}>Country: India</p>
        <input type="hidden" name="country" value="India" />
        <p className={helpTextClasses}>{INDIA_ONLY_NOTE}</p>
        {f("country")?.length ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {f("country")!.join(" ")}
          </p>
        ) : null}
      </div>
      <StepButtons step={1} />
    </StepForm>
  );
}

function FileField({
  slot,
  label,
  required,
  files,
  errors,
  capture,
}: {
  slot: string;
  label: string;
  required?: boolean;
  files: WizardFile[];
  errors?: string[];
  capture?: boolean;
}) {
  const existing = files.find((file) => file.slot === slot);
  const id = `file-${slot}`;
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? "" : " (optional)"}
      </label>
      <input
        id={id}
        name={slot}
        type="file"
        accept={capture ? "image/*" : "image/jpeg,image/png,image/webp,application/pdf"}
        capture={capture ? "user" : undefined}
        aria-describedby={`${id}-help`}
        className={controlClasses}
      />
      <p id={`${id}-help`} className={helpTextClasses}>
        {existing ? (
          <>
            Uploaded:{" "}
            <a className="text-brand-700 underline" href={paths.kycDocument(existing.id)} target="_blank" rel="noreferrer">
              {existing.fileName}
            </a>
            . Choose a file only to replace it.
          </>
        ) : capture ? (
          "A clear photo of your face. On a phone this opens the front camera."
        ) : (
          "An image (JPEG, PNG, WebP) or a PDF, up to 5 MB."
        )}
      </p>
      {errors?.length ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function DocumentsStepForm({ values, files, errors }: { values: Record<string, string>; files: WizardFile[]; errors: StepErrors }) {
  const f = (name: string) => errors?.fields[name] ?? undefined;
  return (
    <StepForm step="documents" multipart>
      <StepAlert errors={errors} />
      <Field
        label="PAN number"
        help="Five letters, four digits, a letter (e.g. ABCDE1234F)."
        errors={f("panNumber")}
        inputProps={{
          name: "panNumber",
          defaultValue: value(values, "panNumber"),
          autoCapitalize: "characters",
          maxLength: 10,
          required: true,
        }}
      />
      <FileField slot="pan_card" label="PAN card" required files={files} errors={f("pan_card")} />
      <Field
        label="Aadhaar number (optional)"
        help={
          values.aadhaarMasked
            ? `Saved as ${values.aadhaarMasked}. Type it again only to change it.`
            : "12 digits; we keep only the last 4."
        }
        errors={f("aadhaarNumber")}
        inputProps={{ name: "aadhaarNumber", inputMode: "numeric", autoComplete: "off", maxLength: 14 }}
      />
      <FileField slot="aadhaar_front" label="Aadhaar card (front)" required files={files} errors={f("aadhaar_front")} />
      <FileField slot="aadhaar_back" label="Aadhaar card (back)" required files={files} errors={f("aadhaar_back")} />
      <FileField slot="proof_of_address" label="Address proof" files={files} errors={f("proof_of_address")} />
      <div>
        <div className="flex items-start gap-2">
          <input
            id="aadhaar-consent"
            name="aadhaarConsent"
            type="checkbox"
            required
            defaultChecked={values.aadhaarConsent === "on"}
            aria-invalid={f("aadhaarConsent")?.length ? true : undefined}
            aria-describedby={f("aadhaarConsent")?.length ? "aadhaar-consent-error" : undefined}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor="aadhaar-consent" className="text-sm text-ink">
            {AADHAAR_CONSENT_TEXT}
          </label>
        </div>
        {f("aadhaarConsent")?.length ? (
          <p id="aadhaar-consent-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {f("aadhaarConsent")!.join(" ")}
          </p>
        ) : null}
      </div>
      <StepButtons step={2} />
    </StepForm>
  );
}

export function BankStepForm({
  values,
  savedAccount,
  errors,
}: {
  values: Record<string, string>;
  savedAccount: string | null;
  errors: StepErrors;
}) {
  const f = (name: string) => errors?.fields[name] ?? undefined;
  return (
    <StepForm step="bank">
      <StepAlert errors={errors} />
      <Field
        label="Account number"
        help={savedAccount ? `Saved: ${savedAccount}. Type it again to continue.` : undefined}
        errors={f("accountNumber")}
        inputProps={{ name: "accountNumber", inputMode: "numeric", autoComplete: "off", required: true }}
      />
      <Field
        label="Confirm account number"
        errors={f("confirmAccountNumber")}
        inputProps={{ name: "confirmAccountNumber", inputMode: "numeric", autoComplete: "off", required: true }}
      />
      <Field
        label="IFSC code"
        help="Four letters, a zero, six letters or digits (e.g. HDFC0001234)."
        errors={f("ifscCode")}
        inputProps={{
          name: "ifscCode",
          defaultValue: value(values, "ifscCode"),
          autoCapitalize: "characters",
          maxLength: 11,
          required: true,
        }}
      />
      <Field
        label="Bank name"
        errors={f("bankName")}
        inputProps={{ name: "bankName", defaultValue: value(values, "bankName"), required: true }}
      />
      <SelectField
        label="Account type"
        errors={f("accountType")}
        selectProps={{ name: "accountType", defaultValue: value(values, "accountType") || "savings", required: true }}
      >
        <option value="savings">Savings</option>
        <option value="current">Current</option>
      </SelectField>
      <StepButtons step={3} />
    </StepForm>
  );
}

export function PhotoStepForm({ files, errors }: { files: WizardFile[]; errors: StepErrors }) {
  return (
    <StepForm step="photo" multipart>
      <StepAlert errors={errors} />
      <FileField slot="selfie" label="Selfie" required capture files={files} errors={errors?.fields.selfie ?? undefined} />
      <StepButtons step={4} />
    </StepForm>
  );
}

type ReviewProps = {
  personal: Record<string, string>;
  documents: { panNumber: string; aadhaarMasked: string | null } | null;
  bank: { accountNumberMasked: string; ifscCode: string; bankName: string; accountType: string } | null;
  files: WizardFile[];
  errors: StepErrors;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="break-words text-sm font-medium text-ink">{children || "—"}</dd>
    </div>
  );
}

export function ReviewStep({ personal, documents, bank, files, errors }: ReviewProps) {
  return (
    <StepForm step="review">
      <StepAlert errors={errors} />
      <section aria-labelledby="review-personal">
        <h3 id="review-personal" className="font-semibold">
          Personal Information
        </h3>
        <dl className="divide-y divide-slate-100">
          <Row label="Full name">{personal.fullName}</Row>
          <Row label="Date of birth">{personal.dateOfBirth}</Row>
          <Row label="Address">
            {[personal.address, personal.city, regionByCode(personal.stateCode)?.name, personal.postalCode].filter(Boolean).join(", ")}
          </Row>
          <Row label="Phone">{personal.phone}</Row>
          <Row label="Country">{personal.country}</Row>
        </dl>
      </section>
      <section aria-labelledby="review-documents">
        <h3 id="review-documents" className="font-semibold">
          Documents
        </h3>
        <dl className="divide-y divide-slate-100">
          <Row label="PAN number">{documents?.panNumber}</Row>
          {documents?.aadhaarMasked ? <Row label="Aadhaar number">{documents.aadhaarMasked}</Row> : null}
          {files.map((file) => (
            <Row key={file.slot} label={documentLabel(file.slot)}>
              <a className="text-brand-700 underline" href={paths.kycDocument(file.id)} target="_blank" rel="noreferrer">
                Preview {file.fileName}
              </a>
            </Row>
          ))}
        </dl>
      </section>
      <section aria-labelledby="review-bank">
        <h3 id="review-bank" className="font-semibold">
          Bank Details
        </h3>
        <dl className="divide-y divide-slate-100">
          <Row label="Account number">{bank?.accountNumberMasked}</Row>
          <Row label="IFSC code">{bank?.ifscCode}</Row>
          <Row label="Bank name">{bank?.bankName}</Row>
          <Row label="Account type">{bank?.accountType === "current" ? "Current" : "Savings"}</Row>
        </dl>
      </section>
      <StepButtons step={5} nextLabel="Submit" />
    </StepForm>
  );
}
