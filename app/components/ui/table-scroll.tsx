import type { ReactNode } from "react";

/**
 * The box around a table that may be wider than the screen. It scrolls sideways with a
 * visible scrollbar and edge shadows (app.css .table-scroll), and it is a named, focusable
 * region, so a keyboard user can scroll it with the arrow keys too.
 */
export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrollable region must be reachable by keyboard to be scrolled (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`table-scroll overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
