import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGuest } from "~/web/guards.server";
import type { RouteHandle } from "~/lib/route-handle";

// Links only, nothing to hydrate: served without React's ~100 kB of scripts, with one small module for the
// service worker and the connection notices instead (ADR 0024).
export const handle: RouteHandle = { hydrate: false };

// Signed-in visitors skip the landing page (to /welcome, or /trial-expired once an unpaid trial is over).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return null;
}

import { ClosingCtaSection } from "~/components/landing/closing-cta-section";
import { HeroSection } from "~/components/landing/hero-section";
import { HowItWorksSection } from "~/components/landing/how-it-works-section";
import { WhyChooseSection } from "~/components/landing/why-choose-section";

export default function Landing() {
  return (
    <>
      <HeroSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <ClosingCtaSection />
    </>
  );
}
