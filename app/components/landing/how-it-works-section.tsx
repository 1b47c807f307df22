import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";

const STEPS = [
  {
    title: "Create your account",
    text: "Sign in with Google in a few seconds. Your free 14-day trial starts straight away.",
  },
  {
    title: "Verify your identity",
    text: "Complete KYC once with your PAN, Aadhaar and bank details. Our team reviews every submission.",
  },
  {
    title: "Invest and earn",
    text: "Pick a property, buy the shares you want, collect dividends, and sell on the marketplace when you choose.",
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">How it works</p>
          <h2 id="how-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Your first property share in three steps
          </h2>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-7 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12">
          <Link to={paths.signIn()} className={buttonClasses("primary", "lg")}>
            Create your free account
          </Link>
        </div>
      </div>
    </section>
  );
}
