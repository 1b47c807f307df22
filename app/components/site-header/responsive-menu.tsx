import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";

const triggerClasses =
  "inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg text-2xl text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
// Below md the panel drops down under the header; from md up the same panel is the header's row.
const panelClasses =
  "absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-5 pt-3 shadow-lg md:static md:flex md:flex-1 md:items-center md:justify-between md:gap-4 md:border-0 md:bg-transparent md:p-0 md:shadow-none";

/**
 * The header's one navigation panel: a row from md up, a disclosure below md. There is one
 * copy of the links in the page, whatever the width (a text browser lists them once). Before
 * scripts load the toggle is a native <details> whose open state shows the panel through CSS
 * (:has), so it opens and closes with mouse or keyboard on its own; afterwards it is a button
 * with aria-expanded that also closes on Escape and after navigating.
 */
export function ResponsiveMenu({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const panelId = useId();
  const location = useLocation();
  // Open belongs to the page it was opened on, so navigating anywhere closes the menu.
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const open = openOnPage === location.key;
  const setOpen = (next: boolean) => setOpenOnPage(next ? location.key : null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOnPage(null);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  if (!hydrated) {
    return (
      <>
        <details className="peer/menu ml-auto md:hidden">
          <summary className={`${triggerClasses} list-none [&::-webkit-details-marker]:hidden`}>
            <MenuIcon />
            <span className="sr-only">Menu</span>
          </summary>
        </details>
        <div id={panelId} className={`${panelClasses} hidden peer-open/menu:block md:flex`}>
          {children}
        </div>
      </>
    );
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`${triggerClasses} ml-auto md:hidden`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">Menu</span>
      </button>
      <div id={panelId} className={`${panelClasses} ${open ? "block" : "hidden"} md:flex`}>
        {children}
      </div>
    </>
  );
}
