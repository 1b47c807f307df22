import { ToastCard } from "~/components/toast/toast-card";
import { UpdatePrompt } from "./service-worker-updates";

/** Where scripts/build-static-page-script.mjs puts app/components/pwa/static-page-script.ts. */
export const STATIC_PAGE_SCRIPT_URL = "/static-page.js";

const ignore = () => undefined;

/**
 * What a page served without React gets instead of Remix's scripts (ADR 0024): the markup of
 * the notices the app shell would show, as inert templates, and one small module that shows
 * them and registers the service worker.
 */
export function StaticPageEnhancements({ nonce }: { nonce?: string }) {
  return (
    <>
      <template id="static-page-templates">
        <li data-template="connection-lost" className="pointer-events-auto">
          <ToastCard
            toast={{
              id: "connection-lost",
              kind: "error",
              title: "Connection Lost",
              description: "You are currently offline. Some features may be unavailable.",
            }}
            onDismiss={ignore}
          />
        </li>
        <li data-template="back-online" className="pointer-events-auto">
          <ToastCard
            toast={{
              id: "back-online",
              kind: "success",
              title: "Back Online",
              description: "Your connection has been restored.",
              topic: "back-online",
            }}
            onDismiss={ignore}
          />
        </li>
        <div data-template="update-prompt">
          <UpdatePrompt />
        </div>
      </template>
      <script
        type="module"
        src={import.meta.env.DEV ? "/app/components/pwa/static-page-script.ts" : STATIC_PAGE_SCRIPT_URL}
        nonce={nonce}
      />
    </>
  );
}
