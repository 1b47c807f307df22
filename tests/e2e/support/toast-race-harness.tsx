// Bundled for the browser by toast-race.spec.ts: the app's own ToastProvider under React's
// concurrent renderer, with a navigation's flashed toast arriving in a transition.
import { startTransition, useState } from "react";
import { createRoot } from "react-dom/client";
import { ToastProvider, useToast } from "~/components/toast/toast-provider";
import type { Toast } from "~/lib/toast";

// What React renders before the provider (the document's head, in the app), slow enough that
// the transition's render yields to the browser before it reaches the provider.
function SlowHead() {
  const end = performance.now() + 1.5;
  while (performance.now() < end) {
    // busy on purpose
  }
  return null;
}

let toasts: ReturnType<typeof useToast> | undefined;
let setFlashed: ((toasts: Toast[]) => void) | undefined;

function Controls() {
  toasts = useToast();
  return null;
}

function Page() {
  const [flashed, flash] = useState<Toast[]>([]);
  setFlashed = flash;
  return (
    <>
      {Array.from({ length: 20 }, (_, i) => (
        <SlowHead key={i} />
      ))}
      <ToastProvider flashed={flashed}>
        <Controls />
      </ToastProvider>
    </>
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A toast already up ("Document uploaded"), then a navigation's root data bringing a flashed
 * one, rendered in a transition (as React Router renders it) while the queue gets its own
 * updates every millisecond (what a toast's timer or a connection notice sends). Returns the
 * titles on screen once everything has settled.
 */
async function flashWhileTheQueueChanges(round: number): Promise<string[]> {
  toasts!.show({ id: `document-${round}`, kind: "success", title: "Document uploaded" });
  await pause(100);
  const updates = setInterval(() => toasts!.dismiss("no-such-toast"), 1);
  startTransition(() => setFlashed!([{ id: `saved-${round}`, kind: "success", title: "Property updated successfully" }]));
  await pause(500);
  clearInterval(updates);
  await pause(100);
  return [...document.querySelectorAll("[data-toast-list] li")].map((item) => item.querySelector("p")?.textContent ?? "");
}

createRoot(document.getElementById("root")!).render(<Page />);
(window as unknown as { flashWhileTheQueueChanges: typeof flashWhileTheQueueChanges }).flashWhileTheQueueChanges =
  flashWhileTheQueueChanges;
