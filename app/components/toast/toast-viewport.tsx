import type { Toast } from "~/lib/toast";
import { ToastCard } from "./toast-card";

/**
 * Top-right stack below the sticky header. Without JavaScript a toast stays until it is
 * dismissed, so there it is no overlay at all: it sits in the page flow above the header,
 * where it covers nothing. The labelled region is always present so screen readers know
 * where notices appear.
 */
export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-end p-4 sm:right-2 sm:left-auto no-js:pointer-events-auto no-js:static no-js:order-first no-js:justify-center no-js:p-0"
    >
      <ol
        data-toast-list
        className="flex w-full flex-col gap-3 sm:w-96 no-js:w-full no-js:max-w-7xl no-js:gap-2 no-js:px-4 no-js:pt-3 no-js:sm:w-full no-js:empty:hidden"
      >
        {toasts.map((toast) => (
          <li key={toast.id} className="pointer-events-auto">
            <ToastCard toast={toast} onDismiss={onDismiss} />
          </li>
        ))}
      </ol>
    </section>
  );
}
