import { formatIndiaDate } from "~/lib/formats";

export type VaultEntry = {
  key: string;
  kind: string;
  name: string;
  description: string | null;
  publishedAt: string | Date;
  href: string;
  holdersOnly: boolean;
  updateTitle: string | null;
};

/** Every file the investor may download for the property, newest first (ADR 0070). */
export function DocumentVault({ items }: { items: VaultEntry[] }) {
  return (
    <section aria-labelledby="document-vault" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="document-vault" className="text-lg font-semibold">
        Document vault
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Public documents, and those for holders published while you held shares (all of them while you hold any).
      </p>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No documents yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Your documents">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <a href={item.href} download className="font-medium text-brand-700 underline">
                  {item.name}
                </a>
                {item.updateTitle ? <span className="block text-slate-600">With the update “{item.updateTitle}”</span> : null}
                {item.description ? <span className="block text-slate-600">{item.description}</span> : null}
              </span>
              <span className="text-slate-600">
                {item.kind} · {formatIndiaDate(item.publishedAt)}
                {item.holdersOnly ? " · holders only" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
