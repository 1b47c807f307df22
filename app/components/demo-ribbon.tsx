/** Shown on every page when DEMO_MODE is on, so nobody mistakes the demo for a live platform. */
export function DemoRibbon() {
  return (
    <aside aria-label="Demo notice" className="bg-amber-300 px-4 py-1 text-center text-sm font-semibold text-amber-950">
      Demo — no real money, properties or companies. Sign in as any demo persona.
    </aside>
  );
}
