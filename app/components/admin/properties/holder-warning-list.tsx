/** The admin's holder-count and concentration warnings for one property (ADR 0037). */
export function HolderWarningList({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="sr-only">Warnings</p>
      <ul className="space-y-1">
        {warnings.map((warning) => (
          <li key={warning}>
            <span aria-hidden="true">⚠ </span>
            {warning}
          </li>
        ))}
      </ul>
    </div>
  );
}
