import { useEffect, useState } from "react";
import { InfoIcon } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button-styles";

export const SERVICE_WORKER_URL = "/sw.js";

type WaitingWorker = { activate: () => void };

/**
 * Registers the service worker (built by scripts/build-service-worker.mjs; production builds
 * only) and, when a newer version has installed and is waiting, offers to switch to it.
 * A new worker never takes over by itself: pages of the old build keep their old worker
 * until the reader chooses Reload.
 */
export function ServiceWorkerUpdates() {
  const [waiting, setWaiting] = useState<WaitingWorker | null>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    if (!import.meta.env.PROD) {
      // A worker left by a production run on this origin would stand between Vite and the page.
      void navigator.serviceWorker.getRegistrations().then((registrations) => registrations.forEach((r) => void r.unregister()));
      return;
    }
    let cancelled = false;
    const start = async () => {
      // Loaded on demand so it never weighs on the first paint.
      const { Workbox } = await import("workbox-window");
      if (cancelled) return;
      const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
      workbox.addEventListener("waiting", () => {
        setWaiting({
          activate: () => {
            // Reload once the new worker controls the page, so the page and its worker share a build.
            workbox.addEventListener("controlling", () => window.location.reload());
            workbox.messageSkipWaiting();
          },
        });
      });
      await workbox.register();
    };
    // After the page has loaded, so installing (and precaching the shell) never competes with it.
    const startLater = () => void start().catch(() => undefined);
    if (document.readyState === "complete") startLater();
    else window.addEventListener("load", startLater, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", startLater);
    };
  }, []);

  if (!waiting) return null;
  return <UpdatePrompt onReload={waiting.activate} onDismiss={() => setWaiting(null)} />;
}

/** Also rendered as a template for pages served without React, whose script wires up `data-action`. */
export function UpdatePrompt({ onReload, onDismiss }: { onReload?: () => void; onDismiss?: () => void }) {
  return (
    <div data-update-prompt className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
      <div
        role="status"
        aria-live="polite"
        className="flex w-full max-w-md flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-white p-4 shadow-lg"
      >
        <InfoIcon className="shrink-0 text-xl text-brand-700" aria-hidden="true" />
        <p className="min-w-0 flex-1 font-semibold text-ink">A new version is available</p>
        <div className="flex gap-2">
          <button type="button" data-action="dismiss" className={buttonClasses("ghost", "sm")} onClick={onDismiss}>
            Later
          </button>
          <button type="button" data-action="reload" className={buttonClasses("primary", "sm")} onClick={onReload}>
            Reload
          </button>
        </div>
      </div>
    </div>
  );
}
