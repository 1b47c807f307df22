import { ErrorList, errorMessages } from "~/components/ui/error-list";
import { Field, SelectField } from "~/components/ui/field";
import { controlClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { CREATE_STATUSES, EDIT_STATUSES, PROPERTY_FIELDS, type PropertyField } from "~/domain/admin/properties/property-form";
import { errorsOf, submittedValue, type LastResult } from "~/lib/submission-result";

const SECTIONS = [
  { id: "basic", title: "Basic Information" },
  { id: "financial", title: "Financial Details" },
  { id: "facts", title: "Invest Page Facts (all needed before opening)" },
  { id: "status", title: "Status & Publish" },
] as const;

type ControlProps = { field: PropertyField; value: string; errors?: string[]; mode: "create" | "edit" };

function FieldLabel({ field }: { field: PropertyField }) {
  return (
    <>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
}

// The form's summary at the top is its one alert: each field's messages are read with the field.
function Control({ field, value, errors, mode }: ControlProps) {
  const id = `property-${field.name}`;
  const frame = { label: <FieldLabel field={field} />, errors, help: field.help, announceErrors: false };
  if (field.kind === "select") {
    const options = field.name === "propertyStatus" ? (mode === "create" ? CREATE_STATUSES : EDIT_STATUSES) : field.options;
    return (
      <SelectField selectProps={{ id, name: field.name, defaultValue: value }} {...frame}>
        {options?.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </SelectField>
    );
  }
  if (field.kind === "checkbox" || field.kind === "textarea") return <OwnControl field={field} value={value} errors={errors} id={id} />;
  return (
    <Field
      inputProps={{
        id,
        name: field.name,
        type: field.kind === "date" ? "date" : "text",
        inputMode: field.kind === "money" || field.kind === "percent" ? "decimal" : field.kind === "integer" ? "numeric" : undefined,
        defaultValue: value,
        required: field.required,
      }}
      {...frame}
    />
  );
}

/** The two kinds the shared fields do not draw: a checkbox (label after it) and a textarea. */
function OwnControl({ field, value, errors, id }: Omit<ControlProps, "mode"> & { id: string }) {
  const invalid = errorMessages(errors).length > 0;
  const common = { id, name: field.name, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `${id}-error` : undefined };
  if (field.kind === "checkbox") {
    return (
      <div>
        <div className="flex items-center gap-2">
          <input type="checkbox" {...common} defaultChecked={value === "on" || value === "true"} className="size-4" />
          <label htmlFor={id} className={labelClasses}>
            {field.label}
          </label>
        </div>
        <ErrorList id={`${id}-error`} errors={errors} announce={false} />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        <FieldLabel field={field} />
      </label>
      <textarea rows={4} {...common} defaultValue={value} required={field.required} className={controlClasses} />
      <ErrorList id={`${id}-error`} errors={errors} announce={false} />
    </div>
  );
}

/**
 * Every field of the property form, grouped in the spec's sections; `children` go before the
 * last one. A refused form shows again what was typed (an emptied field stays empty); before
 * that, the `defaults`.
 */
export function PropertyFormFields({
  result,
  defaults,
  mode,
  children,
}: {
  /** The refusal of this form, if any. */
  result: LastResult;
  defaults: Record<string, string>;
  mode: "create" | "edit";
  /** Rendered between Financial Details and Status & Publish (the create form's images). */
  children?: React.ReactNode;
}) {
  const valueOf = (name: string) => (result?.initialValue ? (submittedValue(result, name) ?? "") : (defaults[name] ?? ""));
  return (
    <>
      {SECTIONS.map((section) => (
        <div key={section.id} className="contents">
          {section.id === "status" ? children : null}
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{section.title}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {PROPERTY_FIELDS.filter((field) => field.section === section.id && (mode === "edit" || !field.editOnly)).map((field) => (
                <div key={field.name} className={field.kind === "textarea" ? "sm:col-span-2" : undefined}>
                  <Control field={field} value={valueOf(field.name)} errors={errorsOf(result, field.name)} mode={mode} />
                </div>
              ))}
            </div>
          </fieldset>
        </div>
      ))}
    </>
  );
}

export function ImagePicker({ errors }: { errors?: string[] }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold">Property Images</legend>
      <label htmlFor="property-images" className={labelClasses}>
        Images
      </label>
      <input
        id="property-images"
        name="images"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={errorMessages(errors).length > 0 ? "property-images-help property-images-error" : "property-images-help"}
        aria-invalid={errorMessages(errors).length > 0 || undefined}
        className="mt-1 block w-full text-sm"
      />
      <p id="property-images-help" className={helpTextClasses}>
        JPG, PNG, WebP, max 5 MB each. The first image is the cover.
      </p>
      <ErrorList id="property-images-error" errors={errors} announce={false} />
    </fieldset>
  );
}
