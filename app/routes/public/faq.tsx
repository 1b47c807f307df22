import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.faq.pattern);
  return null;
}

const QUESTIONS: [question: string, answer: ReactNode][] = [
  [
    "What do I own when I buy a share?",
    "A share of the SPV (a private limited company) that owns the property, registered in your favour.",
  ],
  ["How much do I need to start?", "Each property sets a minimum investment, shown on its card; several start at one share."],
  ["When do I get rent?", "The SPV pays out rent, after costs and fees, every quarter once the property is let."],
  [
    "Can I sell my shares?",
    <>
      Only if another investor buys them; resale is not guaranteed. See the <Link to={paths.legal.risk()}>risk disclosure</Link>.
    </>,
  ],
  ["Why do I need KYC?", "Indian anti-money-laundering law requires us to verify every investor before accepting their money."],
  [
    "What does it cost?",
    <>
      A 2% platform fee on each purchase and ₹10 per deposit; the <Link to={paths.legal.fees()}>fees page</Link> lists everything.
    </>,
  ],
];

export default function FaqPage() {
  return (
    <LegalPage title="Frequently asked questions" updated="23 November 2026">
      {QUESTIONS.map(([question, answer]) => (
        <section key={question}>
          <h2>{question}</h2>
          <p>{answer}</p>
        </section>
      ))}
    </LegalPage>
  );
}
