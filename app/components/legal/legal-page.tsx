import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TRUST_PAGES } from "~/lib/trust-pages";

export { TRUST_PAGES };

/** The frame of a trust page: title, when it was last revised, readable prose, links to the others. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">Last updated {updated}</p>
      <div className="mt-6 space-y-4 leading-7 text-slate-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink [&_li]:ml-5 [&_li]:list-disc [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline">
        {children}
      </div>
      <nav aria-label="Other policies" className="mt-10 border-t border-slate-200 pt-6">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {TRUST_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className="text-brand-700 hover:underline">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
