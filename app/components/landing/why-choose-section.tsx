import type { ComponentType, SVGProps } from "react";
import { CoinsIcon, GiftIcon, RupeeIcon, ShieldCheckIcon, SwapIcon, TrendingUpIcon } from "~/components/ui/icons";

type Reason = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const REASONS: Reason[] = [
  {
    title: "Start from about ₹8,300",
    text: "Skip the crore-sized down payment. Buy a single share of a property and add more as your savings grow.",
    Icon: RupeeIcon,
  },
  {
    title: "Target returns of 8–12% a year",
    text: "Every listing shows its expected annual return up front, so you can compare properties before you commit.",
    Icon: TrendingUpIcon,
  },
  {
    title: "Verified, KYC-checked investors",
    text: "Everyone who invests completes KYC verification first, which keeps the marketplace and your money safer.",
    Icon: ShieldCheckIcon,
  },
  {
    title: "Trade shares like stocks",
    text: "List your shares on our secondary market at your own price, or buy from other investors when you spot value.",
    Icon: SwapIcon,
  },
  {
    title: "Regular dividend payments",
    text: "Your share of the rental income is paid out as dividends straight to your Aangan wallet.",
    Icon: CoinsIcon,
  },
  {
    title: "Free 14-day trial",
    text: "Explore live properties, save a watchlist and learn the ropes for two weeks before deciding anything.",
    Icon: GiftIcon,
  },
];

export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Why Aangan</p>
          <h2 id="why-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Property investing, without the paperwork mountain
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Real estate has built wealth for generations of Indian families. We make it small enough to start today and flexible enough to
            fit your plans.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-2xl text-brand-700">
                <Icon />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
