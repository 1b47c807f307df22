import { buttonClasses } from "~/components/ui/button-styles";
import { useHydrated } from "~/components/ui/use-hydrated";

/** Opens the browser's print dialog; before scripts run it says how to print instead. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-slate-600">Use your browser&apos;s Print command to print this receipt.</p>;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses("primary", "md")}>
      Print
    </button>
  );
}
