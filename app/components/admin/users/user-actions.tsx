import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { ASSIGNABLE_TIERS } from "~/domain/admin/users/assignable-tiers";
import { TIER_LABELS } from "~/domain/tiers/calculate-tier";
import { formErrorsOf, type LastResult } from "~/lib/submission-result";

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
      <SubmitButton intent={intent} variant="secondary" size="sm" aria-label={`${label}: ${user.email}`}>
        {label}
      </SubmitButton>
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
        <SubmitButton intent="set-tier" variant="secondary" size="sm" aria-label={`Set tier: ${user.email}`}>
          Set
        </SubmitButton>
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

/** A refused user action; one the domain refused is headed with what failed ("Update Failed - …"). */
export function UserActionErrors({ reply }: { reply: { result: LastResult; failed?: string } | undefined }) {
  const messages = formErrorsOf(reply?.result, "intent", "userId", "tier", "returnTo");
  const failed = reply?.failed;
  return <FormErrors errors={failed ? messages.map((message) => `${failed} - ${message}`) : messages} />;
}
