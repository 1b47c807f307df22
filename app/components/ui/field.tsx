import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from "react";
import { ErrorList, errorMessages, type ListOfErrors } from "./error-list";
import { controlClasses, cx, helpTextClasses, labelClasses } from "./field-styles";

type FieldFrame = {
  label: ReactNode;
  /** Messages under the control; the control is marked invalid and described by them. */
  errors?: ListOfErrors;
  /** A hint under the control, read out with it. */
  help?: ReactNode;
  /** Defaults to "{control id}-error", which is also what conform's `field.errorId` is. */
  errorId?: string;
  /** Defaults to "{control id}-description" (conform's `field.descriptionId`). */
  helpId?: string;
  className?: string;
  /** False when a summary at the top of the form is the one alert (see ErrorList). */
  announceErrors?: boolean;
};

type ControlWiring = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Ids and aria attributes that tie a control to its label, hint and errors. */
function useFieldWiring(
  frame: FieldFrame,
  control: { id?: string; "aria-describedby"?: string; "aria-invalid"?: unknown },
): { wiring: ControlWiring; errorId: string; helpId: string } {
  const generatedId = useId();
  const id = control.id ?? generatedId;
  const errorId = frame.errorId ?? `${id}-error`;
  const helpId = frame.helpId ?? `${id}-description`;
  const invalid = errorMessages(frame.errors).length > 0;
  // Keep what the caller's props (conform's among them) describe the control with, without repeats.
  const describedBy = new Set((control["aria-describedby"] ?? "").split(/\s+/).filter(Boolean));
  if (!invalid) describedBy.delete(errorId);
  if (frame.help) describedBy.add(helpId);
  if (invalid) describedBy.add(errorId);
  return {
    wiring: {
      id,
      "aria-invalid": invalid || undefined,
      "aria-describedby": describedBy.size > 0 ? [...describedBy].join(" ") : undefined,
    },
    errorId,
    helpId,
  };
}

function FieldParts({
  frame,
  id,
  errorId,
  helpId,
  children,
}: {
  frame: FieldFrame;
  id: string;
  errorId: string;
  helpId: string;
  children: ReactNode;
}) {
  return (
    <div className={frame.className}>
      <label htmlFor={id} className={labelClasses}>
        {frame.label}
      </label>
      {children}
      {frame.help ? (
        <p id={helpId} className={helpTextClasses}>
          {frame.help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={frame.errors} announce={frame.announceErrors} />
    </div>
  );
}

/** A labelled text input with its hint and error list, wired for assistive technology. */
export function Field({
  inputProps,
  ...frame
}: FieldFrame & { inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> } }) {
  const { wiring, errorId, helpId } = useFieldWiring(frame, inputProps);
  const { className, ...input } = inputProps;
  return (
    <FieldParts frame={frame} id={wiring.id} errorId={errorId} helpId={helpId}>
      <input className={cx(controlClasses, className)} {...input} {...wiring} />
    </FieldParts>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({
  selectProps,
  children,
  ...frame
}: FieldFrame & { selectProps: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }; children: ReactNode }) {
  const { wiring, errorId, helpId } = useFieldWiring(frame, selectProps);
  const { className, ...select } = selectProps;
  return (
    <FieldParts frame={frame} id={wiring.id} errorId={errorId} helpId={helpId}>
      <select className={cx(controlClasses, "text-sm", className)} {...select} {...wiring}>
        {children}
      </select>
    </FieldParts>
  );
}
