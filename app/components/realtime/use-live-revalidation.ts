import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { liveEventsPath } from "~/lib/live-channels";

// A burst of events (a purchase touches alerts and market at once) becomes one reload.
const COALESCE_MS = 150;

/**
 * Keeps the page's loader data fresh: opens the event stream for the signed-in user's
 * alerts (plus a property's market, or the admin channel, when asked), and revalidates the
 * loaders whenever an event arrives and after every reconnect, since events may have been
 * missed while the connection was down. Without JavaScript nothing happens and the page
 * stays as rendered.
 *
 * An event that arrives while a navigation or form submission is under way waits for it to
 * finish: revalidating in the middle would interrupt the navigation's own loads, and with
 * them the one-time flash toast its answer carried ('Ticket Updated', 'KYC Status Updated').
 */
export function useLiveRevalidation(options: { property?: string; admin?: boolean } = {}): void {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const busyRef = useRef(busy);
  const owedRef = useRef(false);
  const path = liveEventsPath(options);

  useEffect(() => {
    busyRef.current = busy;
    if (!busy && owedRef.current) {
      owedRef.current = false;
      void revalidate();
    }
  }, [busy, revalidate]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(path);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lostConnection = false;
    const revalidateSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busyRef.current) owedRef.current = true;
        else void revalidate();
      }, COALESCE_MS);
    };
    source.onmessage = revalidateSoon;
    source.addEventListener("resync", revalidateSoon);
    source.onerror = () => {
      lostConnection = true;
    };
    source.onopen = () => {
      if (!lostConnection) return;
      lostConnection = false;
      revalidateSoon();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [path, revalidate]);
}
