import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireWaitlistUser } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWaitlistUser(request);
  return null;
}

const TOPICS: Array<{ title: string; paragraphs: string[] }> = [
  {
    title: "How fractional ownership works on Aangan",
    paragraphs: [
      "Each property on Aangan is divided into a fixed number of equal shares. When you buy shares you own that fraction of the property's economic interest: your part of the rent it earns and of any gain when it is sold.",
      "You buy from your Aangan wallet. The purchase is recorded against your account at once, and the property's page shows how much of it has been funded so far.",
    ],
  },
  {
    title: "Share price, minimum investment and expected return",
    paragraphs: [
      "The share price is what one share costs today. The minimum investment is the smallest amount the property accepts in one purchase, so you may need several shares to reach it.",
      "The expected annual return is the property team's estimate of yearly rent plus growth, as a percentage of what you paid. It is an estimate, not a promise: actual returns can be lower, and in a bad year negative.",
    ],
  },
  {
    title: "Fees",
    paragraphs: [
      "A platform fee of 2% is added to each purchase and shown before you confirm. It is charged on top of the shares' price, so your cost basis (what the overview counts as invested) is the price of the shares alone.",
    ],
  },
  {
    title: "KYC: why we verify who you are",
    paragraphs: [
      "Indian regulations require us to know every investor. Before you can invest or move money you complete a short KYC: your details, your PAN card and Aadhaar, a bank account in your name and a photo. Our team reviews it, usually within a few working days, and your dashboard shows the status.",
    ],
  },
  {
    title: "Selling your shares later",
    paragraphs: [
      "Once a property is fully funded and its team enables resale, you can list your shares for sale at a price you choose. Another investor buys them from you; the money reaches your wallet once the sale settles. Until resale is enabled for a property, your shares cannot be sold.",
    ],
  },
  {
    title: "The risks",
    paragraphs: [
      "Property values and rents can fall. A property may stand empty, need costly repairs or take longer than planned to sell. Shares can be hard to sell quickly, because a buyer has to want them at your price.",
      "Only invest money you will not need for several years, and spread it across more than one property.",
    ],
  },
];

export default function LearnPage() {
  return (
    <div className="max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Learning Resources</h1>
      {TOPICS.map((topic) => (
        <section key={topic.title} className="space-y-2">
          <h2 className="text-lg font-semibold text-ink">{topic.title}</h2>
          {topic.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
