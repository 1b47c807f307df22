import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-styles";
import { useIsPending, type IsPendingOptions } from "./use-is-pending";

export type StatusButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: disabled, aria-busy and a spinner. */
  pending?: boolean;
  /** The label while pending ("Signing in..."); the normal label otherwise. */
  pendingText?: ReactNode;
};

function Spinner() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A button in the app's button styles that can show it is busy. Needs no router. */
export function StatusButton({
  variant = "primary",
  size = "md",
  pending = false,
  pendingText,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: StatusButtonProps) {
  return (
    // The type first: props that start with a spread are built on V8's slow path (route-link.tsx).
    <button
      type={type}
      {...props}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, size, className)}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingText !== undefined ? pendingText : children}
    </button>
  );
}

export type SubmitButtonProps = Omit<StatusButtonProps, "type"> & {
  /** Sent as the form's `intent` field, and only a submission with this intent makes the button busy. */
  intent?: string;
  /** Which submission this button waits for; defaults to a POST to the current route. */
  pendingWhen?: Omit<IsPendingOptions, "intent">;
};

/**
 * A form's submit button: busy while its submission (and the page load after it) is in
 * flight, so a second click cannot send it again. `pending` adds a reason of the caller's.
 */
export function SubmitButton({ intent, pendingWhen, pending = false, name, value, ...props }: SubmitButtonProps) {
  const submitting = useIsPending({ ...pendingWhen, intent });
  return (
    <StatusButton
      name={intent === undefined ? name : "intent"}
      {...props}
      type="submit"
      value={intent ?? value}
      pending={pending || submitting}
    />
  );
}
