import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { ASSIGNABLE_TIERS } from "~/domain/admin/users/assignable-tiers";
import { TIER_LABELS } from "~/domain/tiers/calculate-tier";

export type ActionTarget = {
  id: string;
  email: string;
  tier: string;
  tierOverrideByAdmin: boolean;
  isAdmin: boolean;
  subscriptionActive: boolean;
};

function IntentButton({ user, intent, label, returnTo }: { user: ActionTarget; intent: string; label: string; returnTo: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={buttonClasses("secondary", "sm")}
        aria-label={`${label}: ${user.email}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** The spec's row controls: tier selector, admin flag, subscription, Auto Calc while overridden, end sessions. */
export function UserActions({ user, returnTo }: { user: ActionTarget; returnTo: string }) {
  const selectId = `tier-${user.id}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" preventScrollReset className="flex items-center gap-1">
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor={selectId} className="sr-only">
          Tier for {user.email}
        </label>
        <select
          id={selectId}
          name="tier"
          defaultValue={user.tier}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {ASSIGNABLE_TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {TIER_LABELS[tier]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          name="intent"
          value="set-tier"
          className={buttonClasses("secondary", "sm")}
          aria-label={`Set tier: ${user.email}`}
        >
          Set
        </button>
      </Form>
      {user.tierOverrideByAdmin ? <IntentButton user={user} intent="auto-calc" label="Auto Calc" returnTo={returnTo} /> : null}
      <IntentButton
        user={user}
        intent={user.isAdmin ? "remove-admin" : "make-admin"}
        label={user.isAdmin ? "Remove Admin" : "Make Admin"}
        returnTo={returnTo}
      />
      <IntentButton
        user={user}
        intent={user.subscriptionActive ? "deactivate-sub" : "activate-sub"}
        label={user.subscriptionActive ? "Deactivate Sub" : "Activate Sub"}
        returnTo={returnTo}
      />
      <IntentButton user={user} intent="end-sessions" label="End Sessions" returnTo={returnTo} />
    </div>
  );
}
