/** The admin's holder-count and concentration warnings for one property (issue 17). */
export function HolderWarningList({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul role="status" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {warnings.map((warning) => (
        <li key={warning}>⚠ {warning}</li>
      ))}
    </ul>
  );
}
