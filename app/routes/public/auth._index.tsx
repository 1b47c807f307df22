import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GoogleLogo } from "~/components/ui/google-logo";
import { SubmitButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireGuest } from "~/web/guards.server";
import { safeRedirectTo } from "~/lib/redirect-to";
import { paths } from "~/lib/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo };
}

export default function SignInPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const startGoogle = { formAction: paths.auth.google() };
  const signingIn = useIsPending(startGoogle);

  return (
    <div className="flex min-h-[80vh] items-center justify-center bg-brand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to Aangan</h1>
        <p className="mt-2 text-slate-600">Invest in property from about ₹8,300. Start with a 14-day free trial.</p>

        <Form method="post" action={startGoogle.formAction} className="mt-8" aria-busy={signingIn}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          {/* Google's light theme: white, a grey outline, the four-colour G, then the label. */}
          <SubmitButton
            pendingWhen={startGoogle}
            pendingText="Signing in..."
            variant="secondary"
            size="lg"
            className="w-full gap-3 border-[#747775] font-medium text-[#1f1f1f]"
          >
            <GoogleLogo />
            Continue with Google
          </SubmitButton>
        </Form>
        {signingIn ? (
          <p role="status" className="mt-3 text-center text-sm text-slate-600">
            Taking you to Google…
          </p>
        ) : null}

        <p className="mt-6 text-center text-xs text-slate-500">
          By continuing you agree to our{" "}
          <Link to={paths.legal.terms()} className="underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to={paths.legal.privacy()} className="underline">
            Privacy Policy
          </Link>
          , and confirm you have read the{" "}
          <Link to={paths.legal.risk()} className="underline">
            risk disclosure
          </Link>
          .
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home()} className="font-medium text-brand-700 hover:underline">
            ← Back to home
          </Link>
        </p>
      </div>
    </div>
  );
}
