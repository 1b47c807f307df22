import { Link } from "@remix-run/react";
import { paths } from "~/lib/paths";

export const ADMIN_TABS = [
  { id: "overview", label: "Overview" },
  { id: "notes", label: "Property Notes" },
  { id: "analytics", label: "User Analytics" },
  { id: "activity", label: "Activity" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

/** Tabs as links with the tab in the URL, so each one is a page load without JavaScript. */
export function AdminTabs({ current }: { current: AdminTab }) {
  return (
    <nav aria-label="Admin dashboard tabs" className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {ADMIN_TABS.map((tab) => (
        <Link
          key={tab.id}
          to={paths.admin.root(tab.id === "overview" ? undefined : { tab: tab.id })}
          aria-current={tab.id === current ? "page" : undefined}
          className={`border-b-2 px-3 py-2 text-sm whitespace-nowrap ${tab.id === current ? "border-brand-600 font-semibold text-brand-700" : "border-transparent text-slate-700 hover:text-ink"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
