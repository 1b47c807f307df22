import { createHash } from "node:crypto";

/** Deterministic pseudo-random numbers, so a regenerated image looks the same. */
export function seededRandom(seed: string): () => number {
  let state = createHash("sha1").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number) => Math.round(low + random() * (high - low));

/** A plain card-like document image for the demo KYC upload (a blurred stand-in, not a real ID). */
export function documentSvg(seed: string, kind: "card" | "selfie"): string {
  const random = seededRandom(seed);
  if (kind === "selfie") {
    const skin = pick(["#c68642", "#8d5524", "#e0ac69"], random);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#dfe7ef"/>
<ellipse cx="300" cy="820" rx="260" ry="220" fill="#35506b"/><circle cx="300" cy="360" r="150" fill="${skin}"/>
<path d="M150 330 Q300 140 450 330 Q430 210 300 200 Q170 210 150 330Z" fill="#2b2118"/>
<circle cx="245" cy="370" r="12" fill="#2b2118"/><circle cx="355" cy="370" r="12" fill="#2b2118"/><path d="M250 440 Q300 475 350 440" stroke="#7a3b2e" stroke-width="8" fill="none"/></svg>`;
  }
  const band = pick(["#1f4e8c", "#8c3b1f", "#2f6b3a"], random);
  const lines = Array.from(
    { length: 5 },
    (_, i) => `<rect x="330" y="${210 + i * 50}" width="${between(random, 240, 420)}" height="18" rx="9" fill="#9aa5b1"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="540"><rect width="860" height="540" rx="28" fill="#f4f1e8"/>
<rect width="860" height="120" rx="28" fill="${band}"/><rect y="90" width="860" height="30" fill="${band}"/>
<rect x="60" y="180" width="220" height="270" rx="12" fill="#c9d2dc"/><circle cx="170" cy="280" r="60" fill="#8a97a6"/><ellipse cx="170" cy="420" rx="90" ry="50" fill="#8a97a6"/>
${lines}<rect x="60" y="475" width="740" height="26" rx="6" fill="#dfe3e8"/></svg>`;
}
