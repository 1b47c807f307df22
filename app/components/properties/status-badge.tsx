const TONES: Record<string, string> = {
  open: "bg-emerald-100 text-emerald-800",
  funded: "bg-slate-800 text-white",
  upcoming: "bg-sky-100 text-sky-800",
  closed: "bg-slate-200 text-slate-700",
  draft: "bg-amber-100 text-amber-800",
};

/** The property's status as a badge; the label comes from the domain (funded reads SOLD OUT). */
export function PropertyStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${TONES[status] ?? TONES.closed}`}>
      {label}
    </span>
  );
}
