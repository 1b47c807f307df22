import { NavLink } from "@remix-run/react";
import { paths } from "~/lib/paths";

const ITEMS = [
  { to: paths.admin.root(), label: "Overview", end: true },
  { to: paths.admin.users(), label: "Users" },
  { to: paths.admin.kyc(), label: "KYC" },
  { to: paths.admin.properties(), label: "Properties" },
  { to: paths.admin.support(), label: "Support" },
  { to: paths.admin.grievances(), label: "Grievances" },
  { to: paths.admin.payments(), label: "Payments" },
  { to: paths.admin.premium(), label: "Premium" },
  { to: paths.admin.bankStatements(), label: "Bank Statements" },
  { to: paths.admin.tds(), label: "TDS" },
  { to: paths.admin.investments(), label: "Investments" },
  { to: paths.admin.shareTrading(), label: "Share Trading" },
  { to: paths.admin.notesAnalysis(), label: "Notes Analysis" },
  { to: paths.admin.approvals(), label: "Approvals" },
  { to: paths.admin.certificates(), label: "Certificates" },
  { to: paths.admin.plans(), label: "Monthly Plans" },
  { to: paths.admin.audit(), label: "Audit Log" },
];

/** The admin area's sections: a sidebar on wide screens, a scrolling row of links on phones. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white md:w-56 md:shrink-0 md:border-r md:border-b-0">
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:p-4">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm whitespace-nowrap ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-ink hover:bg-slate-100"}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
