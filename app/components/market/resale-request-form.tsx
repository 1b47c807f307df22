import { Form, useActionData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { RESALE_USUALLY_OPENS } from "~/domain/market/resale-rules";
import { marketReply } from "./market-action-data";
import { MarketError } from "./market-error";

/** A holder whose property has selling off asks an admin to enable it (a support ticket). */
export function ResaleRequestForm() {
  const reply = marketReply(useActionData());
  return (
    <section aria-labelledby="resale-request" className="space-y-2 rounded-xl border border-slate-200 p-4" data-testid="resale-request">
      <h2 id="resale-request" className="text-lg font-semibold text-ink">
        Want to sell?
      </h2>
      <p className="text-sm text-slate-600">{RESALE_USUALLY_OPENS} You can ask for it now; an admin answers on a support ticket.</p>
      {reply?.intent === "request-resale" ? <MarketError reply={reply} /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="request-resale" />
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Ask to enable selling
        </button>
      </Form>
    </section>
  );
}
