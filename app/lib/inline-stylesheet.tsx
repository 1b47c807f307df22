import { createContext, useContext } from "react";

/** The id of the `<style>` element that carries the app's stylesheet (ADR 0042). */
export const STYLESHEET_ELEMENT_ID = "app-stylesheet";

/**
 * The app's whole stylesheet (Tailwind's output, about 8 KiB gzip), provided by the server
 * render: entry.server.tsx reads it from the build. Null in the browser.
 */
export const StylesheetContext = createContext<string | null>(null);

// In the browser the text is read back from the element the server sent, when the root module
// is evaluated (before React hydrates). So the hydrated element, any re-render and even a client
// render after a hydration error keep the same stylesheet, and the route chunks never carry it.
const sentByServer = typeof document === "undefined" ? null : (document.getElementById(STYLESHEET_ELEMENT_ID)?.textContent ?? null);

/**
 * The stylesheet inlined in the head instead of a `<link rel="stylesheet">`: the first paint
 * waits for no request (ADR 0042). The CSP allows it by the response's nonce.
 */
export function InlineStylesheet({ nonce }: { nonce: string }) {
  const css = useContext(StylesheetContext) ?? sentByServer ?? "";
  return <style id={STYLESHEET_ELEMENT_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} />;
}
