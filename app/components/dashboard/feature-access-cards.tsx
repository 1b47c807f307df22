const FEATURES = [
  {
    title: "Board Meetings",
    text: "Join the quarterly meetings where each property's manager reports on occupancy, rent and repairs. Opens to investors once you hold shares in a property.",
  },
  {
    title: "Project Tables",
    text: "Side-by-side tables of every listed property's price, expected return and funding progress. Available to you now on the Properties page.",
  },
  {
    title: "AI Assistant",
    text: "Ask questions about a property's documents in plain language. Not available yet; we will announce it in your notifications when it opens.",
  },
  {
    title: "Human Manager",
    text: "A named person on our team who answers your questions about investing. Until then, open a ticket on the Support page and we reply by e-mail.",
  },
] as const;

/** The waitlist dashboard's Feature Access cards, each saying honestly what it gives and when. */
export function FeatureAccessCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {FEATURES.map((feature) => (
        <li key={feature.title} className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-ink">{feature.title}</h3>
          <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
