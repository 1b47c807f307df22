import { useEffect } from "react";
import { NOT_SENT_NOTICE } from "~/lib/not-sent";
import { useToast } from "./toast-provider";

const CONNECTION_LOST_ID = "connection-lost";
const NOT_SENT_ID = "not-sent";

/**
 * Tells the reader when the browser loses and regains its connection, and keeps a form that
 * is submitted while offline (a money form above all) on the page with the app's own notice,
 * instead of a failed request replacing the page. Renders nothing itself.
 */
export function ConnectionNotices() {
  const { show, dismiss } = useToast();

  useEffect(() => {
    // An error toast has no timeout, so this stays for as long as the browser is offline.
    const showOffline = () =>
      show({
        id: CONNECTION_LOST_ID,
        kind: "error",
        title: "Connection Lost",
        description: "You are currently offline. Some features may be unavailable.",
      });
    const showOnline = () => {
      dismiss(CONNECTION_LOST_ID);
      dismiss(NOT_SENT_ID);
      show({ kind: "success", title: "Back Online", description: "Your connection has been restored.", topic: "back-online" });
    };
    // Captured at the window, before the router's own submit handler (on the document) sees it.
    const keepOfflineSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (navigator.onLine || !(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      show({ id: NOT_SENT_ID, kind: "error", ...NOT_SENT_NOTICE });
    };
    if (!navigator.onLine) showOffline();
    window.addEventListener("offline", showOffline);
    window.addEventListener("online", showOnline);
    window.addEventListener("submit", keepOfflineSubmit, true);
    return () => {
      window.removeEventListener("offline", showOffline);
      window.removeEventListener("online", showOnline);
      window.removeEventListener("submit", keepOfflineSubmit, true);
    };
  }, [show, dismiss]);

  return null;
}
