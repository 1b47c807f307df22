import { KYC_STEPS } from "~/lib/kyc/kyc-steps";

/** The five steps with the current one marked; an ordered list, so it reads well without styles too. */
export function KycProgress({ current }: { current: number }) {
  return (
    <nav aria-label="KYC progress" className="mb-6">
      <p className="mb-2 text-sm font-medium text-slate-700">
        {`Step ${current} of ${KYC_STEPS.length}: ${KYC_STEPS[current - 1]?.title ?? ""}`}
      </p>
      <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full bg-brand-600" style={{ width: `${(current / KYC_STEPS.length) * 100}%` }} />
      </div>
      <ol className="mt-3 grid grid-cols-5 gap-1 text-center text-[11px] leading-tight sm:text-xs">
        {KYC_STEPS.map((step, index) => {
          const number = index + 1;
          const state = number < current ? "done" : number === current ? "current" : "todo";
          return (
            <li
              key={step.key}
              aria-current={state === "current" ? "step" : undefined}
              className={state === "current" ? "font-semibold text-brand-700" : state === "done" ? "text-slate-700" : "text-slate-500"}
            >
              <span
                className={`mx-auto mb-1 flex h-6 w-6 items-center justify-center rounded-full border text-xs ${
                  state === "todo" ? "border-slate-300" : "border-brand-600 bg-brand-600 text-white"
                }`}
              >
                {state === "done" ? "✓" : number}
              </span>
              <span className="hidden sm:inline">{step.title}</span>
              <span className="sr-only sm:hidden">{step.title}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
