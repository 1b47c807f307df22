import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { periodLabel, type PremiumQuote } from "~/domain/subscriptions/premium-quote";
import { PAY_PREMIUM } from "~/domain/subscriptions/upgrade-form";
import { formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";

/** "₹999.00 for 1 year, GST included" as every surface says it (ADR 0063). */
export function premiumPriceText(quote: PremiumQuote): string {
  return `${formatRupees(quote.price)} for ${periodLabel(quote.months)}, GST included`;
}

/** The price's parts: taxable value and each GST head (by the viewer's place of supply). */
export function premiumGstText(quote: PremiumQuote): string {
  const heads = quote.heads.map((head) => `${head.name} ${head.ratePercent}% ${formatRupees(head.amount)}`).join(" + ");
  return `Taxable value ${formatRupees(quote.taxable)} + ${heads}`;
}

/** Pay for Premium through the gateway: a plain form post to the Premium page's action, then the checkout. */
export function PayPremiumForm({ quote, payKey, className }: { quote: PremiumQuote; payKey: string; className?: string }) {
  return (
    <Form method="post" action={paths.premium.page()} className={className}>
      <input type="hidden" name="idempotencyKey" value={payKey} />
      <SubmitButton intent={PAY_PREMIUM} pendingText="Starting payment..." size="sm" className="w-full sm:w-auto" data-testid="pay-premium">
        Pay {formatRupees(quote.price)} for Premium
      </SubmitButton>
    </Form>
  );
}
