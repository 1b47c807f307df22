import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

// Decorative line icons; callers give them a text label when they stand alone. Each icon calls
// this with its shapes rather than rendering an <Icon> element: the element's props would be
// an object literal that starts with a spread ({ ...p, children }), which V8 builds on a slow
// path (about 3 µs each on Node 20, docs/performance.md, thirtieth pass).
function icon(props: IconProps, shapes: ReactNode) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {shapes}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => icon(p, <path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = (p: IconProps) => icon(p, <path d="M6 6l12 12M18 6L6 18" />);
export const CheckCircleIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 12.5l2.5 2.5 4.5-5" />
    </>,
  );
export const AlertCircleIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </>,
  );
export const InfoIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>,
  );
export const WarningIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <path d="M12 3.5l9.5 16.5h-19z" />
      <path d="M12 10v4.5M12 17.5h.01" />
    </>,
  );
export const RupeeIcon = (p: IconProps) => icon(p, <path d="M7 5h10M7 9.5h10M9 5c4.5 0 5.5 4.5 0 4.5H7l8 9.5" />);
export const TrendingUpIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <path d="M3.5 17l6-6 4 4 7-7.5" />
      <path d="M15 7.5h5.5V13" />
    </>,
  );
export const ShieldCheckIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.3-7.5 9.5-4.3-1.2-7.5-5-7.5-9.5V6z" />
      <path d="M9 12l2.2 2.2L15.5 10" />
    </>,
  );
export const SwapIcon = (p: IconProps) => icon(p, <path d="M4 8h13.5M14 4.5L17.5 8 14 11.5M20 16H6.5M10 12.5L6.5 16l3.5 3.5" />);
export const CoinsIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
      <path d="M3.5 7v4c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5V7" />
      <path d="M9.5 16.4c.9.4 2.2.6 3.5.6 3 0 5.5-1.1 5.5-2.5v-4c0-1.1-1.5-2-3.6-2.4" />
      <path d="M3.5 11v4c0 1.4 2.5 2.5 5.5 2.5" />
    </>,
  );
export const GiftIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8.5h14V12M12 8v12.5M12 8c-1.5-3.5-5.5-4-5.5-1.5C6.5 8 9 8 12 8zm0 0c1.5-3.5 5.5-4 5.5-1.5C17.5 8 15 8 12 8z" />
    </>,
  );
export const BuildingIcon = (p: IconProps) =>
  icon(
    p,
    <>
      <path d="M4 20.5h16M6 20.5V5l7-2v17.5M13 8.5l5 1.5v10.5" />
      <path d="M9 8h1M9 11.5h1M9 15h1M16 13h.01M16 16.5h.01" />
    </>,
  );
export const ArrowRightIcon = (p: IconProps) => icon(p, <path d="M5 12h14M13 6l6 6-6 6" />);
