/** Aangan's mark: a home around an open courtyard, which is what "aangan" means. */
export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#a4510b" />
      <path d="M7 15.5 16 8l9 7.5V24a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <rect x="12.5" y="16.5" width="7" height="5" rx="1" fill="#f9e7cc" />
    </svg>
  );
}
