import type { Toast } from "~/lib/toast";
import { ToastCard } from "./toast-card";

/** Top-right stack. The labelled region is always present so screen readers know where notices appear. */
export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-end p-4 sm:top-2 sm:right-2 sm:left-auto"
    >
      <ol className="flex w-full flex-col gap-3 sm:w-96">
        {toasts.map((toast) => (
          <li key={toast.id} className="pointer-events-auto">
            <ToastCard toast={toast} onDismiss={onDismiss} />
          </li>
        ))}
      </ol>
    </section>
  );
}
