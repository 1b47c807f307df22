import { useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useClientLayoutEffect } from "~/components/ui/use-client-layout-effect";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { liveEventsPath } from "~/lib/live-channels";

// A burst of events (a purchase touches alerts and market at once) becomes one reload.
const COALESCE_MS = 150;

// The streams pages open themselves. Every stream carries the viewer's own alerts, so the
// header's bell opens one only while no page does: one connection a tab, never two for the
// same alerts (a browser allows few connections per host).
const pageStreams = new Set<symbol>();
const pageStreamWatchers = new Set<() => void>();
function watchPageStreams(onChange: () => void): () => void {
  pageStreamWatchers.add(onChange);
  return () => pageStreamWatchers.delete(onChange);
}
function changePageStreams(change: () => void): void {
  change();
  for (const onChange of [...pageStreamWatchers]) onChange();
}
const anyPageStream = () => pageStreams.size > 0;

/**
 * Keeps the page's loader data fresh: opens the event stream for the signed-in user's
 * alerts (plus a property's market, or the admin channel, when asked), and revalidates the
 * loaders whenever an event arrives and after every reconnect, since events may have been
 * missed while the connection was down. Without JavaScript nothing happens and the page
 * stays as rendered.
 *
 * An event that arrives while a navigation or form submission is under way waits for it to
 * finish, and for React to have shown its answer: revalidating before then would interrupt
 * the navigation's own loads, or replace their data before React rendered it (router updates
 * render in a transition, which React may skip for a newer one), and with them lose the
 * one-time flash toast the answer carried ('Analysis started', 'KYC Status Updated').
 */
export function useLiveRevalidation(options: { property?: string; admin?: boolean } = {}): void {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const navigation = useNavigation();
  // A reload still under way counts too: the next one waits for it instead of interrupting it.
  const busy = navigation.state !== "idle" || revalidator.state !== "idle";
  const rootData = useRouteLoaderData("root");
  const shownRef = useRef({ busy, rootData });
  const owedRef = useRef(false);
  const retryRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A layout effect runs before every passive effect of the same commit, so the bell knows
  // this page has a stream before its own effect would open one.
  useClientLayoutEffect(() => {
    const token = Symbol("page stream");
    changePageStreams(() => pageStreams.add(token));
    return () => changePageStreams(() => pageStreams.delete(token));
  }, []);

  // Pays an owed revalidation once the page has settled; until then it looks again shortly.
  // Offline it waits for the browser to be back: loaders asked then would fail and replace
  // the page, and what the reader typed, with an error (an event that came in just before).
  const settle = useCallback(() => {
    const attempt = () => {
      clearTimeout(retryRef.current);
      if (!owedRef.current || !navigator.onLine) return;
      if (!settledOnScreen(shownRef.current)) {
        retryRef.current = setTimeout(attempt, OWED_RETRY_MS);
        return;
      }
      owedRef.current = false;
      void revalidate();
    };
    attempt();
  }, [revalidate]);
  useEffect(() => () => clearTimeout(retryRef.current), []);
  useEffect(() => {
    window.addEventListener("online", settle);
    return () => window.removeEventListener("online", settle);
  }, [settle]);

  // Passive effects run after React committed the render: what they record is on screen.
  useEffect(() => {
    shownRef.current = { busy, rootData };
    settle();
  }, [busy, rootData, settle]);

  const onEvent = useCallback(() => {
    owedRef.current = true;
    settle();
  }, [settle]);
  useEventStream(liveEventsPath(options), true, onEvent);
}

// How soon an owed revalidation looks again while the page has not settled.
const OWED_RETRY_MS = 100;

type RouterView = { state?: { navigation?: { state?: string }; revalidation?: string; loaderData?: Record<string, unknown> } };

/**
 * Whether nothing (no navigation, no reload) is under way and React shows what Remix's
 * browser router holds (RemixBrowser keeps the router on `window`). React's copy (`useNavigation`, the root's data) renders in a
 * transition, so on a busy phone it can lag the router by a submission and its redirect, or
 * skip a state altogether; so both are read (a clean CI run lost 'Analysis started' this way).
 */
function settledOnScreen(shown: { busy: boolean; rootData: unknown }): boolean {
  if (shown.busy) return false;
  const router = typeof window === "undefined" ? undefined : (window as { __remixRouter?: RouterView }).__remixRouter;
  const state = router?.state;
  if (!state) return true;
  return (
    (state.navigation?.state ?? "idle") === "idle" &&
    (state.revalidation ?? "idle") === "idle" &&
    (state.loaderData?.root ?? shown.rootData) === shown.rootData
  );
}

/**
 * The header bell's own stream of the signed-in user's alerts, on pages that open no stream
 * themselves (the welcome page, the catalogue, an investment page): `onEvent` refreshes the
 * bell alone. It does not revalidate the page: that would re-run the page's loaders for a
 * bell, and drop the page's action data (an investment's success and its move to the
 * dashboard). Where the page has a stream, its revalidation refreshes the bell.
 */
export function useBellLiveUpdates(onEvent: () => void): void {
  const pageHasStream = useSyncExternalStore(watchPageStreams, anyPageStream, () => false);
  useEventStream(liveEventsPath(), !pageHasStream, onEvent, anyPageStream);
}

/** Opens `path` while `enabled` (and `skip()` is false when the effect runs); `onEvent` on events and after a reconnect. */
function useEventStream(path: string, enabled: boolean, onEvent: () => void, skip: () => boolean = () => false): void {
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!enabled || skip() || typeof EventSource === "undefined") return;
    const source = new EventSource(path);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lostConnection = false;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onEventRef.current(), COALESCE_MS);
    };
    source.onmessage = soon;
    source.addEventListener("resync", soon);
    source.onerror = () => {
      lostConnection = true;
    };
    source.onopen = () => {
      if (!lostConnection) return;
      lostConnection = false;
      soon();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
    // `skip` is read when the effect runs (after the commit's layout effects); `enabled` carries its changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, enabled]);
}
