import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

type RouteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path from `~/lib/paths`: absolute, as the browser resolves the anchor and the router then follows it. */
  to: string;
  /** Stay where the reader is scrolled (Remix's preventScrollReset), e.g. a list row opening its details. */
  keepScroll?: boolean;
};

const KEEP_SCROLL = "keep-scroll";

/**
 * An in-app link drawn as a plain anchor. Remix's <Link> runs a handful of hooks per link on
 * every render (resolving its path, its click handler, prefetch state); a list of fifty rows
 * and the dashboard's sidebar paid that on every page the server rendered (docs/performance.md,
 * twenty-seventh pass). These anchors carry a marker instead, and one listener on the document
 * (RouteLinkNavigator, in the root layout) sends their clicks through the router, as <Link>
 * would. Without JavaScript, or before it starts, they are ordinary links.
 */
export function RouteLink({ to, keepScroll = false, children, ...anchor }: RouteLinkProps) {
  // The href first: props that start with a spread ({ ...anchor, href }) are built on V8's slow
  // path, about 3 µs a link on Node 20 (docs/performance.md, thirtieth pass).
  return (
    <a href={to} {...anchor} data-route-link={keepScroll ? KEEP_SCROLL : ""}>
      {children}
    </a>
  );
}

export type RoutedClick = { to: string; keepScroll: boolean };

type Click = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;
type Anchor = { href: string; target: string; download: boolean; routeLink: string | null };

/**
 * What a click on an anchor should do: a route to follow in the app, or null to leave it to the
 * browser (a modified or middle click opens a tab, a download, another window or another site,
 * an anchor without the marker).
 */
export function routedClick(click: Click, anchor: Anchor, origin: string): RoutedClick | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if (anchor.routeLink === null || anchor.download) return null;
  if (anchor.target !== "" && anchor.target !== "_self") return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return { to: `${url.pathname}${url.search}${url.hash}`, keepScroll: anchor.routeLink === KEEP_SCROLL };
}

/** The one click listener behind every RouteLink; rendered once, in the root layout. */
export function RouteLinkNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-route-link]") : null;
      if (!anchor) return;
      const click = routedClick(
        event,
        {
          href: anchor.href,
          target: anchor.target,
          download: anchor.hasAttribute("download"),
          routeLink: anchor.dataset.routeLink ?? null,
        },
        window.location.origin,
      );
      if (!click) return;
      event.preventDefault();
      // As <Link>: a link to the page already shown replaces its history entry.
      navigate(click.to, { preventScrollReset: click.keepScroll, replace: click.to === here });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate, here]);
  return null;
}
