import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { ArrowRightIcon, BuildingIcon } from "~/components/ui/icons";
import { paths } from "~/lib/paths";

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            Fractional real estate for India
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-bold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            Own a share of India’s best addresses.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
            Aangan turns premium homes and offices into affordable shares. Start with about ₹8,300, collect your part of the rent as
            dividends, and sell your shares to other investors whenever your plans change.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.signIn()} className={buttonClasses("primary", "lg")}>
              Start your free 14-day trial
              <ArrowRightIcon />
            </Link>
            <a href="#how-it-works" className={buttonClasses("secondary", "lg")}>
              See how it works
            </a>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-brand-100 pt-6">
            <HeroFact value="₹8,300" label="to get started" />
            <HeroFact value="8–12%" label="target yearly return" />
            <HeroFact value="14 days" label="free trial" />
          </dl>
        </div>
        <SampleHoldingCard />
      </div>
    </section>
  );
}

function HeroFact({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-ink sm:text-3xl">{value}</dd>
    </div>
  );
}

/** A made-up listing that shows what a share looks like; it is labelled as an example. */
function SampleHoldingCard() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-brand-100/70" />
      <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <div className="flex items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-2xl text-white">
              <BuildingIcon />
            </span>
            <div>
              <p className="font-semibold text-ink">Courtyard Residences</p>
              <p className="text-sm text-slate-600">Residential · Pune</p>
            </div>
          </div>
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">Open</span>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          <div className="rounded-xl bg-slate-50 p-4">
            <dt className="text-xs font-medium text-slate-600">Price per share</dt>
            <dd className="mt-1 text-xl font-bold text-ink">₹8,300</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-4">
            <dt className="text-xs font-medium text-slate-600">Target return</dt>
            <dd className="mt-1 text-xl font-bold text-emerald-700">10.5% p.a.</dd>
          </div>
        </dl>
        <div className="mt-6">
          <div className="flex justify-between text-sm">
            <span className="text-slate-600">Funded</span>
            <span className="font-semibold text-ink">72%</span>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full w-[72%] rounded-full bg-brand-600" />
          </div>
        </div>
        <div className="mt-6 flex items-center justify-between rounded-xl border border-dashed border-brand-100 bg-brand-50 p-4 text-sm">
          <span className="text-slate-700">Last dividend credited</span>
          <span className="font-semibold text-ink">₹71 per share</span>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-xs text-slate-600">Illustrative example, not a live listing.</figcaption>
    </figure>
  );
}
