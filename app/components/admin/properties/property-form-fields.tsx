import { controlClasses, fieldErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { CREATE_STATUSES, EDIT_STATUSES, PROPERTY_FIELDS, type PropertyField } from "~/domain/admin/properties/property-form";

const SECTIONS = [
  { id: "basic", title: "Basic Information" },
  { id: "financial", title: "Financial Details" },
  { id: "facts", title: "Invest Page Facts (all needed before opening)" },
  { id: "status", title: "Status & Publish" },
] as const;

function Control({ field, value, error, mode }: { field: PropertyField; value: string; error?: string; mode: "create" | "edit" }) {
  const id = `property-${field.name}`;
  const describedBy = [field.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  if (field.kind === "checkbox") {
    return (
      <div className="flex items-center gap-2">
        <input type="checkbox" {...common} defaultChecked={value === "on" || value === "true"} className="size-4" />
        <label htmlFor={id} className={labelClasses}>
          {field.label}
        </label>
      </div>
    );
  }
  const options = field.name === "propertyStatus" ? (mode === "create" ? CREATE_STATUSES : EDIT_STATUSES) : field.options;
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {field.kind === "textarea" ? (
        <textarea {...common} rows={4} defaultValue={value} required={field.required} className={controlClasses} />
      ) : field.kind === "select" ? (
        <select {...common} defaultValue={value} className={controlClasses}>
          {options?.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind === "date" ? "date" : "text"}
          inputMode={field.kind === "money" || field.kind === "percent" ? "decimal" : field.kind === "integer" ? "numeric" : undefined}
          defaultValue={value}
          required={field.required}
          className={controlClasses}
        />
      )}
      {field.help ? (
        <p id={`${id}-help`} className={helpTextClasses}>
          {field.help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every field of the property form, grouped in the spec's sections; `extra` goes into the named section. */
export function PropertyFormFields({
  values,
  errors,
  mode,
  children,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  mode: "create" | "edit";
  /** Rendered between Financial Details and Status & Publish (the create form's images). */
  children?: React.ReactNode;
}) {
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
                  <Control field={field} value={values[field.name] ?? ""} error={errors[field.name]} mode={mode} />
                </div>
              ))}
            </div>
          </fieldset>
        </div>
      ))}
    </>
  );
}

export function ImagePicker({ error }: { error?: string }) {
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
        aria-describedby="property-images-help"
        className="mt-1 block w-full text-sm"
      />
      <p id="property-images-help" className={helpTextClasses}>
        JPG, PNG, WebP, max 5 MB each. The first image is the cover.
      </p>
      {error ? <p className={fieldErrorClasses}>{error}</p> : null}
    </fieldset>
  );
}
