import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, formErrorClasses, labelClasses } from "~/components/ui/field-styles";

type Props = {
  nominees: {
    nomination: { state: string; nominees: { id: string; fullName: string; relationship: string; sharePercent: string }[] };
    transmission: { status: string; deathCertificateReference: string } | null;
    frozenAt: string | null;
  };
  error: string | null;
};

/** The admin user page's nominees and transmission: record a death certificate and each nominee's Aangan account (ADR 0066). */
export function TransmissionSection({ nominees, error }: Props) {
  const { nomination, transmission, frozenAt } = nominees;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="section-nominees">
      <h2 id="section-nominees" className="text-lg font-semibold">
        Nominees and transmission
      </h2>
      <div className="mt-3 space-y-3 text-sm">
        {nomination.state === "nominated" ? (
          <ul className="space-y-1">
            {nomination.nominees.map((n) => (
              <li key={n.id}>
                <span className="font-semibold">{n.fullName}</span> ({n.relationship}) · {n.sharePercent}%
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{nomination.state === "opted_out" ? "Opted out of nomination." : "No nomination recorded."}</p>
        )}
        {frozenAt ? <p className="font-semibold text-red-800">Account frozen after transmission.</p> : null}
        {transmission ? (
          <p>
            Transmission {transmission.status === "awaiting" ? "awaiting a second admin's approval" : transmission.status} (death
            certificate {transmission.deathCertificateReference}).
          </p>
        ) : null}
        {error ? (
          <p role="alert" className={formErrorClasses}>
            {error}
          </p>
        ) : null}
        {nomination.state === "nominated" && !transmission && !frozenAt ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="transmission-record" />
            <div>
              <label htmlFor="certificate" className={labelClasses}>
                Death certificate reference
              </label>
              <input id="certificate" name="certificate" required className={controlClasses} />
            </div>
            {nomination.nominees.map((n, i) => (
              <div key={n.id}>
                <label htmlFor={`nomineeAccount-${i}`} className={labelClasses}>
                  {n.fullName}&apos;s Aangan account e-mail ({n.sharePercent}%)
                </label>
                <input id={`nomineeAccount-${i}`} name="nomineeAccount" type="email" required className={controlClasses} />
              </div>
            ))}
            <button type="submit" className={buttonClasses("primary", "md")}>
              Record transmission
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
