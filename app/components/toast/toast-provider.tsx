import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
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
  // during the render that brings them (ids keep repeats out).
  const [lastFlashed, setLastFlashed] = useState(flashed);
  if (flashed !== lastFlashed) {
    setLastFlashed(flashed);
    if (flashed.length > 0) setQueue((current) => flashed.reduce(addToast, current));
  }

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
