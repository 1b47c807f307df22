import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useClientLayoutEffect } from "~/components/ui/use-client-layout-effect";
import { addToast, createToastId, removeToast, type Toast, type ToastInput } from "~/lib/toast";
import { ToastViewport } from "./toast-viewport";

type ToastApi = {
  /** Shows a toast and returns its id. Passing an id replaces a toast already showing with that id. */
  show: (toast: ToastInput & { id?: string }) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

/**
 * Holds the on-screen queue. `flashed` are the toasts the server read from the flash cookie
 * for this page; they are rendered on the server too, so they show without JavaScript.
 */
export function ToastProvider({ flashed, children }: { flashed: Toast[]; children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>(() => flashed.reduce(addToast, [] as Toast[]));

  // Later navigations bring new flashed toasts through the root loader; they join the queue
  // once React has committed the render that brings them, before the browser paints it (ids
  // keep repeats out). Not during that render, the usual way to follow a prop: router updates
  // render in a transition, and a toast's own update (a timer's dismissal, a shown notice)
  // dispatched while that render was under way was applied afterwards to the queue as it was
  // before the render's addition, so the new toast vanished unseen (ADR 0114).
  const initialFlashed = useRef(flashed);
  useClientLayoutEffect(() => {
    if (flashed === initialFlashed.current || flashed.length === 0) return;
    setQueue((current) => flashed.reduce(addToast, current));
  }, [flashed]);

  const show = useCallback<ToastApi["show"]>((input) => {
    const id = input.id ?? createToastId();
    setQueue((current) => addToast(current, { ...input, id }));
    return id;
  }, []);
  const dismiss = useCallback((id: string) => setQueue((current) => removeToast(current, id)), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={queue} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}
