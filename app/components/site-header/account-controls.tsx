import { Form } from "@remix-run/react";
import { RouteLink } from "~/components/ui/route-link";
import { buttonClasses } from "~/components/ui/button-styles";
import type { HeaderUserView } from "./header-model";
import { paths } from "~/lib/paths";

export function UserBadge({ user }: { user: HeaderUserView }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
      >
        {user.initial}
      </span>
      <span className="text-sm text-slate-700">
        Welcome, <span className="font-semibold text-ink">{user.displayName}</span>
      </span>
    </span>
  );
}

/** A real form post, so signing out works without JavaScript and never happens on a GET. */
export function SignOutForm({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action={paths.auth.signOut()} className={className}>
      <button type="submit" className={buttonClasses("secondary", "sm", "w-full")}>
        Sign Out
      </button>
    </Form>
  );
}

export function DashboardLink({ href, className = "" }: { href: string; className?: string }) {
  return (
    <RouteLink to={href} className={buttonClasses("primary", "sm", className)}>
      Dashboard
    </RouteLink>
  );
}

export function GetStartedLink() {
  return (
    <RouteLink to={paths.signIn()} className={buttonClasses("primary", "sm")}>
      Get Started
    </RouteLink>
  );
}
