import { cx, fieldErrorClasses, formErrorClasses } from "./field-styles";

/** Errors as conform and our actions hand them over: possibly missing, possibly with gaps. */
export type ListOfErrors = ReadonlyArray<string | null | undefined> | null | undefined;

/** The distinct, non-empty messages of a list, in order. */
export function errorMessages(errors: ListOfErrors): string[] {
  return [...new Set((errors ?? []).filter((error): error is string => typeof error === "string" && error.trim() !== ""))];
}

/**
 * A field's or a form's messages, announced as an alert. Renders nothing without
 * messages, so an `aria-describedby` pointing at `id` is only added alongside it.
 * `announce={false}` is for a form whose summary at the top is the one alert: its fields'
 * messages are then read with each field (through `aria-describedby`), not announced again.
 */
export function ErrorList({
  id,
  errors,
  className,
  announce = true,
}: {
  id?: string;
  errors: ListOfErrors;
  className?: string;
  announce?: boolean;
}) {
  const messages = errorMessages(errors);
  if (messages.length === 0) return null;
  return (
    <div id={id} role={announce ? "alert" : undefined} className={className ?? fieldErrorClasses}>
      <ul className="space-y-1">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Errors that belong to the whole form (a refused purchase, a stale page), shown above its buttons. */
export function FormErrors({ id, errors, className }: { id?: string; errors: ListOfErrors; className?: string }) {
  return <ErrorList id={id} errors={errors} className={cx(formErrorClasses, className)} />;
}
