import { NavLink } from "@remix-run/react";
import type { NavLinkItem } from "./header-model";
import { paths } from "~/lib/paths";

// A column in the phone menu, a row from md up: the same links either way.
const linkClasses = ({ isActive }: { isActive: boolean }) =>
  [
    "block rounded-md px-3 py-2.5 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:py-2 md:text-sm",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
  ].join(" ");

export function NavLinks({ links }: { links: NavLinkItem[] }) {
  return (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center">
      {links.map((link) => (
        <li key={link.to}>
          {/* /admin must not light up while on /admin/support, which has its own link. */}
          <NavLink to={link.to} end={link.to === paths.admin.root()} prefetch="intent" className={linkClasses}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
