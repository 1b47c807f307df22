import type { Toast } from "~/lib/toast";
import { ToastCard } from "./toast-card";

/** Top-right stack, just below the sticky header so it never covers navigation or Sign Out (which matters without JS, where a toast stays until dismissed). The labelled region is always present so screen readers know where notices appear. */
export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-end p-4 sm:right-2 sm:left-auto"
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
