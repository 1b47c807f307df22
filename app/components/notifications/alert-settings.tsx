import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { buttonClasses } from "~/components/ui/button-styles";
import { errorsOf, formErrorsOf, submittedValue, type LastResult } from "~/lib/submission-result";

export type AlertSettingsData = {
  navMovePercent: string | null;
  distributionChanges: boolean;
  statusLabelChanges: boolean;
  watched: { propertyId: string; title: string; belowPrice: string | null }[];
};

type Reply = { result: LastResult; priceFor?: string | null } | undefined;

/**
 * The investor's alert rules (ADR 0070): what to hear about on the properties they hold or
 * watch, and a price under which a listed share of a watched property alerts them. Each alert
 * comes once when its condition is met, not at every check. Plain forms, with or without scripts.
 */
export function AlertSettings({ settings, reply }: { settings: AlertSettingsData; reply: Reply }) {
  const choicesReply = reply && !reply.priceFor ? reply.result : undefined;
  const saving = useIsPending({ intent: "alert-choices" });
  const checked = (name: string, saved: boolean) => (choicesReply ? submittedValue(choicesReply, name) === "on" : saved);
  return (
    <section aria-labelledby="alert-settings" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="alert-settings" className="text-lg font-semibold">
        Alert settings
      </h2>
      <p className={helpTextClasses}>
        For the properties you hold or watch. Each alert comes once when its condition starts to hold, and again only after it has stopped
        holding.
      </p>
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="alert-choices" />
        <FormErrors errors={formErrorsOf(choicesReply, "intent", "navMovePercent")} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex items-center gap-2 pb-2">
            <input
              id="rule-nav"
              name="navMove"
              type="checkbox"
              defaultChecked={checked("navMove", settings.navMovePercent !== null)}
              className="size-4"
            />
            <label htmlFor="rule-nav" className={labelClasses}>
              NAV per share moves by more than
            </label>
          </div>
          <Field
            label="Percent"
            className="w-28"
            errors={errorsOf(choicesReply, "navMovePercent")}
            inputProps={{
              id: "rule-nav-percent",
              name: "navMovePercent",
              inputMode: "decimal",
              defaultValue: submittedValue(choicesReply, "navMovePercent") ?? settings.navMovePercent ?? "5",
            }}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id="rule-distribution"
            name="distributionChanges"
            type="checkbox"
            defaultChecked={checked("distributionChanges", settings.distributionChanges)}
            className="size-4"
          />
          <label htmlFor="rule-distribution" className={labelClasses}>
            A distribution is declared or paused
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input
            id="rule-label"
            name="statusLabelChanges"
            type="checkbox"
            defaultChecked={checked("statusLabelChanges", settings.statusLabelChanges)}
            className="size-4"
          />
          <label htmlFor="rule-label" className={labelClasses}>
            The status label changes
          </label>
        </div>
        <StatusButton type="submit" size="sm" pending={saving}>
          Save alert settings
        </StatusButton>
      </Form>
      <div className="space-y-2 border-t border-slate-200 pt-3">
        <h3 className="font-semibold text-ink">Listed below your price</h3>
        {settings.watched.length === 0 ? (
          <p className="text-sm text-slate-600">Watch a property to set a price under which a listed share alerts you.</p>
        ) : (
          <ul className="space-y-3" aria-label="Price alerts">
            {settings.watched.map((w) => (
              <PriceAlertRow key={w.propertyId} watched={w} reply={reply?.priceFor === w.propertyId ? reply.result : undefined} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PriceAlertRow({ watched, reply }: { watched: AlertSettingsData["watched"][number]; reply: LastResult }) {
  const id = `price-${watched.propertyId}`;
  return (
    <li className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="price-alert" />
        <input type="hidden" name="propertyId" value={watched.propertyId} />
        <Field
          label={`${watched.title}: alert below (₹ a share)`}
          errors={[...(errorsOf(reply, "belowPrice") ?? []), ...(errorsOf(reply, "propertyId") ?? []), ...formErrorsOf(reply, "intent")]}
          inputProps={{
            id,
            name: "belowPrice",
            inputMode: "decimal",
            defaultValue: submittedValue(reply, "belowPrice") ?? watched.belowPrice ?? "",
          }}
        />
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          {watched.belowPrice ? "Change price" : "Set price"}
        </button>
      </Form>
      {watched.belowPrice ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-price-alert" />
          <input type="hidden" name="propertyId" value={watched.propertyId} />
          <button type="submit" className={buttonClasses("ghost", "sm")} aria-label={`Remove the price alert on ${watched.title}`}>
            Remove
          </button>
        </Form>
      ) : null}
    </li>
  );
}
