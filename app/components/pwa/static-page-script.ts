// The only script of a page served without React (a route whose handle says `hydrate: false`;
// today the landing page, ADR 0024). It keeps what the app shell's components do on every
// other page: registers the service worker with workbox-window and offers a waiting update,
// shows 'Connection Lost' / 'Back Online', and lets flashed toasts time out. It builds nothing
// itself: the markup comes from <template>s the server rendered with the same components.
// Built on its own by scripts/build-static-page-script.mjs to build/client/static-page.js.

const SERVICE_WORKER_URL = "/sw.js";

function template(name: string): HTMLElement | null {
  const templates = document.getElementById("static-page-templates") as HTMLTemplateElement | null;
  const element = templates?.content.querySelector<HTMLElement>(`[data-template="${name}"]`);
  return element ? (element.cloneNode(true) as HTMLElement) : null;
}

/** A toast card dismisses itself after its timeout (as ToastCard does), and is gone once closed. */
function armToast(item: HTMLElement) {
  const card = item.querySelector<HTMLDetailsElement>("details[data-toast-timeout]");
  const timeout = Number(card?.dataset.toastTimeout);
  if (timeout > 0) window.setTimeout(() => item.remove(), timeout);
  item.querySelector("details")?.addEventListener("toggle", (event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open) item.remove();
  });
}

function showToast(name: string): HTMLElement | null {
  const list = document.querySelector("[data-toast-list]");
  const item = template(name);
  if (!list || !item) return null;
  item.removeAttribute("data-template");
  list.querySelector(`[data-toast-name="${name}"]`)?.remove();
  item.dataset.toastName = name;
  list.prepend(item);
  armToast(item);
  return item;
}

function connectionNotices() {
  const lost = () => showToast("connection-lost");
  const back = () => {
    document.querySelector('[data-toast-name="connection-lost"]')?.remove();
    showToast("back-online");
  };
  if (!navigator.onLine) lost();
  window.addEventListener("offline", lost);
  window.addEventListener("online", back);
}

async function registerServiceWorker() {
  const { Workbox } = await import("workbox-window");
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    if (document.querySelector("[data-update-prompt]")) return;
    const prompt = template("update-prompt");
    if (!prompt) return;
    prompt.removeAttribute("data-template");
    prompt.querySelector('[data-action="dismiss"]')?.addEventListener("click", () => prompt.remove());
    prompt.querySelector('[data-action="reload"]')?.addEventListener("click", () => {
      // Reload once the new worker controls the page, so the page and its worker share a build.
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
    document.body.append(prompt);
  });
  await workbox.register();
}

document.querySelectorAll<HTMLElement>("[data-toast-list] > li").forEach(armToast);
connectionNotices();
if ("serviceWorker" in navigator && import.meta.env.DEV) {
  // As in ServiceWorkerUpdates: a worker left by a production run would stand between Vite and the page.
  void navigator.serviceWorker.getRegistrations().then((registrations) => registrations.forEach((r) => void r.unregister()));
} else if ("serviceWorker" in navigator) {
  // After the page has loaded, so installing (and precaching the shell) never competes with it.
  const start = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
document.documentElement.dataset.enhanced = "true";
