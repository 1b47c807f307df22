import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";

export function ClosingCtaSection() {
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to own your first share of real estate?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
            Join Aangan today. Explore every listing free for 14 days, then invest from about ₹8,300 when you are ready.
          </p>
          <Link to={paths.signIn()} className={buttonClasses("inverse", "lg", "mt-8")}>
            Get started free
          </Link>
        </div>
      </div>
    </section>
  );
}
