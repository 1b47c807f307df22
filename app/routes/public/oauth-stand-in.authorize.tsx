import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { readFormData } from "~/web/form-data.server";
import { approveConsent, consentPersonas, readConsentRequest, requireStandIn } from "~/services/auth/google-stand-in/endpoints.server";

/** The stand-in's consent page: pick a demo persona or type any address. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireStandIn();
  const consent = readConsentRequest(new URL(request.url));
  if (!consent) throw data("This sign-in request is not valid. Start again from the app.", { status: 400 });
  return { consent, personas: consentPersonas() };
}

export async function action({ request }: ActionFunctionArgs) {
  requireStandIn();
  const outcome = approveConsent(await readFormData(request));
  if ("error" in outcome) return data({ error: outcome.error }, { status: outcome.status });
  return redirect(outcome.redirectTo);
}

export default function StandInConsentPage() {
  const { consent, personas } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Plain document submissions, as with the real Google: the browser itself follows the redirect.
  const hidden = (
    <>
      <input type="hidden" name="response_type" value={consent.response_type} />
      <input type="hidden" name="client_id" value={consent.client_id} />
      <input type="hidden" name="redirect_uri" value={consent.redirect_uri} />
      <input type="hidden" name="state" value={consent.state} />
      {consent.prompt ? <input type="hidden" name="prompt" value={consent.prompt} /> : null}
      {consent.max_age ? <input type="hidden" name="max_age" value={consent.max_age} /> : null}
    </>
  );
  // prompt=login: the app asked for a fresh sign-in (a withdrawal or new bank details).
  const confirming = consent.prompt === "login";

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-slate-500">Local stand-in for Google</p>
      <h1 className="mt-1 text-2xl font-bold">{confirming ? "Confirm it's you" : "Choose an account"}</h1>
      {confirming ? (
        <p className="mt-2 text-sm text-slate-600">
          Aangan asks you to sign in again before this request. Choose your account to continue.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        Google sign-in is not configured here, so this page plays Google&apos;s part. Pick a demo persona or enter any e-mail address.
      </p>

      <ul className="mt-6 space-y-2">
        {personas.map((persona) => (
          <li key={persona.email}>
            <Form method="post" reloadDocument>
              {hidden}
              <input type="hidden" name="email" value={persona.email} />
              <button type="submit" className={buttonClasses("secondary", "md", "w-full justify-between text-left")}>
                <span>{persona.email}</span>
                <span className="text-xs font-normal text-slate-500">{persona.summary}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>

      <Form method="post" reloadDocument className="mt-8 rounded-xl border border-slate-200 p-5">
        {hidden}
        <h2 className="font-semibold">Use another account</h2>
        <label htmlFor="stand-in-email" className="mt-3 block text-sm font-medium">
          Email
        </label>
        <input
          id="stand-in-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          aria-invalid={actionData?.error ? true : undefined}
          aria-describedby={actionData?.error ? "stand-in-email-error" : undefined}
        />
        {actionData?.error ? (
          <p id="stand-in-email-error" className="mt-1 text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className={buttonClasses("primary", "md", "mt-4")}>
          Continue
        </button>
      </Form>
    </div>
  );
}
