import { useEffect } from "react";
import { useToast } from "./toast-provider";

const CONNECTION_LOST_ID = "connection-lost";

/** Tells the reader when the browser loses and regains its connection. Renders nothing itself. */
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
      show({ kind: "success", title: "Back Online", description: "Your connection has been restored.", topic: "back-online" });
    };
    if (!navigator.onLine) showOffline();
    window.addEventListener("offline", showOffline);
    window.addEventListener("online", showOnline);
    return () => {
      window.removeEventListener("offline", showOffline);
      window.removeEventListener("online", showOnline);
    };
  }, [show, dismiss]);

  return null;
}
