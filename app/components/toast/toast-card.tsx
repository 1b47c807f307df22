import { useEffect, useState, type ComponentType, type SVGProps } from "react";
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon, WarningIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { isAlertToast, toastDuration, type Toast, type ToastKind } from "~/lib/toast";

const KIND_STYLES: Record<ToastKind, { card: string; icon: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  success: { card: "border-emerald-200", icon: "text-emerald-700", Icon: CheckCircleIcon },
  error: { card: "border-red-300", icon: "text-red-700", Icon: AlertCircleIcon },
  info: { card: "border-sky-200", icon: "text-sky-700", Icon: InfoIcon },
  warning: { card: "border-amber-300", icon: "text-amber-700", Icon: WarningIcon },
};

const closeClasses =
  "inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-lg text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600";

export function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const duration = toastDuration(toast);

  // Hovering or focusing a toast holds it, so nobody loses a notice they are still reading.
  useEffect(() => {
    if (duration === null || paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), duration);
    return () => window.clearTimeout(timer);
  }, [duration, paused, onDismiss, toast.id]);

  const { card, icon, Icon } = KIND_STYLES[toast.kind];
  const body = (
    <div role={isAlertToast(toast) ? "alert" : "status"} className="flex min-w-0 flex-1 gap-3">
      <Icon className={`mt-0.5 shrink-0 text-xl ${icon}`} />
      <div className="min-w-0">
        <p className="font-semibold text-ink">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm text-slate-700">{toast.description}</p> : null}
      </div>
    </div>
  );
  const cardClasses = `flex items-start gap-2 rounded-xl border bg-white p-4 shadow-lg ${card}`;

  if (!hydrated) {
    // Without JavaScript the close control is a <summary>: closing the <details> hides it entirely.
    // On a page served without React (the landing page, ADR 0024) its small script reads the timeout.
    return (
      <details open className="relative [&:not([open])]:hidden" data-toast-timeout={duration ?? undefined}>
        <summary className={`absolute top-3 right-3 list-none [&::-webkit-details-marker]:hidden ${closeClasses}`}>
          <CloseIcon />
          <span className="sr-only">Dismiss notification</span>
        </summary>
        <div className={`${cardClasses} pr-12`}>{body}</div>
      </details>
    );
  }

  return (
    <div
      className={cardClasses}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {body}
      <button type="button" className={closeClasses} onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </div>
  );
}
