import { NavLink } from "@remix-run/react";
import type { NavLinkItem } from "./header-model";
import { paths } from "~/lib/paths";

const linkClasses =
  (layout: "row" | "column") =>
  ({ isActive }: { isActive: boolean }) =>
    [
      "rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      layout === "row" ? "px-3 py-2 text-sm" : "block px-3 py-2.5 text-base",
      isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
    ].join(" ");

export function NavLinks({ links, layout }: { links: NavLinkItem[]; layout: "row" | "column" }) {
  return (
    <ul className={layout === "row" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {links.map((link) => (
        <li key={link.to}>
          {/* /admin must not light up while on /admin/support, which has its own link. */}
          <NavLink to={link.to} end={link.to === paths.admin.root()} prefetch="intent" className={linkClasses(layout)}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
