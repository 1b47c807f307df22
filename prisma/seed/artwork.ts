import { createHash } from "node:crypto";
import type { PropertyType } from "~/generated/prisma/enums";

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

const W = 1200;
const H = 800;
const GROUND = 640;

type Palette = { skyTop: string; skyBottom: string; sun: string; ground: string; body: string[]; lit: string; dark: boolean };

const PALETTES: Palette[] = [
  {
    skyTop: "#7db9e8",
    skyBottom: "#e8f4fb",
    sun: "#fff4c2",
    ground: "#6d8f4e",
    body: ["#e9e2d0", "#d8cdb4", "#c9d6df"],
    lit: "#9ec9e6",
    dark: false,
  },
  {
    skyTop: "#f4a261",
    skyBottom: "#ffe8c7",
    sun: "#fff1d6",
    ground: "#7a6a4f",
    body: ["#e7d3b8", "#d9b99b", "#cfc4b4"],
    lit: "#ffd9a0",
    dark: false,
  },
  {
    skyTop: "#3d3b73",
    skyBottom: "#e07a5f",
    sun: "#ffcf99",
    ground: "#4b4a3f",
    body: ["#5a5f7a", "#6d6a8a", "#4e5a6e"],
    lit: "#ffd27a",
    dark: true,
  },
  {
    skyTop: "#0f1b3d",
    skyBottom: "#2f4a7a",
    sun: "#f3f0d8",
    ground: "#1f2a33",
    body: ["#29344d", "#33405c", "#232c40"],
    lit: "#ffcc66",
    dark: true,
  },
];

const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number) => Math.round(low + random() * (high - low));

function sky(p: Palette, random: () => number): string {
  const sunX = between(random, 150, 1050);
  const clouds = p.dark
    ? Array.from(
        { length: 40 },
        () =>
          `<circle cx="${between(random, 0, W)}" cy="${between(random, 0, 380)}" r="${random() < 0.8 ? 1.5 : 2.5}" fill="#fff" opacity="0.7"/>`,
      ).join("")
    : Array.from({ length: 4 }, () => {
        const x = between(random, 0, W);
        const y = between(random, 60, 260);
        return `<g fill="#fff" opacity="0.75"><ellipse cx="${x}" cy="${y}" rx="90" ry="26"/><ellipse cx="${x + 50}" cy="${y - 16}" rx="60" ry="24"/></g>`;
      }).join("");
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.lit}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.body[2]}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds}<circle cx="${sunX}" cy="${between(random, 110, 220)}" r="${between(random, 45, 75)}" fill="${p.sun}" opacity="0.95"/>`;
}

function windows(x: number, top: number, width: number, height: number, p: Palette, random: () => number): string {
  const cols = Math.max(2, Math.floor(width / 34));
  const rows = Math.max(1, Math.floor(height / 42));
  const cellW = width / cols;
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = top + 14 + r * 42;
    const lit = p.dark ? (random() < 0.6 ? p.lit : "#1c2333") : p.lit;
    out.push(`<g fill="${lit}">`);
    for (let c = 0; c < cols; c++) {
      out.push(`<rect x="${(x + c * cellW + cellW * 0.22).toFixed(1)}" y="${y}" width="${(cellW * 0.56).toFixed(1)}" height="24"/>`);
    }
    out.push("</g>");
  }
  return out.join("");
}

function tower(x: number, width: number, height: number, p: Palette, random: () => number, glass: boolean): string {
  const top = GROUND - height;
  const fill = glass ? "url(#glass)" : pick(p.body, random);
  const body = `<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="${fill}" stroke="#00000022"/>`;
  if (glass) {
    const mullions = Array.from(
      { length: Math.floor(width / 28) },
      (_, i) => `<rect x="${x + 14 + i * 28}" y="${top}" width="2" height="${height}" fill="#ffffff55"/>`,
    ).join("");
    return `${body}${mullions}<rect x="${x - 6}" y="${top - 14}" width="${width + 12}" height="14" fill="#2b2f3a"/>`;
  }
  return `${body}${windows(x, top, width, height - 30, p, random)}<rect x="${x - 4}" y="${top - 10}" width="${width + 8}" height="10" fill="#3a3f4b"/>`;
}

function villa(x: number, width: number, p: Palette, random: () => number): string {
  const height = between(random, 130, 190);
  const top = GROUND - height;
  const wall = pick(p.body, random);
  const roof = pick(["#a44a3f", "#8c5a3c", "#6b4f3a"], random);
  return `<polygon points="${x - 20},${top} ${x + width / 2},${top - 90} ${x + width + 20},${top}" fill="${roof}"/>
<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="${wall}"/>
<rect x="${x + width * 0.15}" y="${top + 30}" width="${width * 0.22}" height="50" fill="${p.lit}"/>
<rect x="${x + width * 0.63}" y="${top + 30}" width="${width * 0.22}" height="50" fill="${p.lit}"/>
<rect x="${x + width * 0.42}" y="${GROUND - 80}" width="${width * 0.16}" height="80" fill="#5b3a29"/>`;
}

function palm(x: number, random: () => number): string {
  const height = between(random, 170, 240);
  const top = GROUND - height;
  const leaves = [-60, -25, 15, 50, 85]
    .map(
      (angle) => `<ellipse cx="${x}" cy="${top}" rx="70" ry="14" fill="#2f6b3a" transform="rotate(${angle} ${x} ${top}) translate(40 0)"/>`,
    )
    .join("");
  return `<rect x="${x - 6}" y="${top}" width="12" height="${height}" fill="#7a5a3a"/>${leaves}`;
}

function shed(x: number, width: number, random: () => number): string {
  const height = between(random, 120, 170);
  const top = GROUND - height;
  const teeth = Array.from(
    { length: Math.floor(width / 80) },
    (_, i) => `<polygon points="${x + i * 80},${top} ${x + i * 80 + 80},${top} ${x + i * 80 + 80},${top - 40}" fill="#8d99a6"/>`,
  ).join("");
  const doors = Array.from(
    { length: Math.floor(width / 120) },
    (_, i) => `<rect x="${x + 25 + i * 120}" y="${GROUND - 80}" width="70" height="80" fill="#59636e"/>`,
  ).join("");
  return `${teeth}<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="#b8c2cc"/>${doors}<rect x="${x}" y="${top}" width="${width}" height="10" fill="#e0a526"/>`;
}

function shops(x: number, count: number, p: Palette, random: () => number): string {
  const width = 150;
  return Array.from({ length: count }, (_, i) => {
    const left = x + i * width;
    const awning = pick(["#d9534f", "#f0ad4e", "#5bc0de", "#5cb85c", "#8e6bbf"], random);
    return `<rect x="${left}" y="${GROUND - 230}" width="${width - 6}" height="230" fill="${pick(p.body, random)}"/>
<rect x="${left + 10}" y="${GROUND - 120}" width="${width - 26}" height="95" fill="${p.lit}"/>
<polygon points="${left},${GROUND - 140} ${left + width - 6},${GROUND - 140} ${left + width + 6},${GROUND - 105} ${left - 12},${GROUND - 105}" fill="${awning}"/>
<rect x="${left + 8}" y="${GROUND - 205}" width="${width - 22}" height="40" fill="#00000022"/>`;
  }).join("");
}

function skyline(type: PropertyType, p: Palette, random: () => number): string {
  const parts: string[] = [];
  const backdrop = Array.from({ length: 9 }, () => between(random, 120, 300))
    .map(
      (h, i) =>
        `<rect x="${i * 140 - 20}" y="${GROUND - h}" width="120" height="${h}" fill="${p.dark ? "#1b2236" : "#b9c6d3"}" opacity="0.55"/>`,
    )
    .join("");
  parts.push(backdrop);
  switch (type) {
    case "apartment":
    case "residential":
      for (let i = 0; i < 4; i++) parts.push(tower(90 + i * 270, between(random, 170, 210), between(random, 300, 520), p, random, false));
      break;
    case "office":
    case "commercial":
      for (let i = 0; i < 3; i++) parts.push(tower(110 + i * 360, between(random, 200, 260), between(random, 380, 580), p, random, true));
      break;
    case "villa":
      parts.push(villa(120, 300, p, random), villa(660, 340, p, random), palm(520, random), palm(1080, random), palm(60, random));
      parts.push(`<rect x="420" y="${GROUND + 40}" width="360" height="60" rx="24" fill="#4fb3d9"/>`);
      break;
    case "industrial":
      parts.push(shed(60, 560, random), shed(660, 480, random));
      parts.push(
        `<rect x="300" y="${GROUND + 30}" width="160" height="60" fill="#e8e8e8"/><rect x="460" y="${GROUND + 45}" width="60" height="45" fill="#d9534f"/>`,
      );
      break;
    case "retail":
      parts.push(tower(140, 900, 420, p, random, false), shops(140, 6, p, random));
      break;
    case "mixed":
      parts.push(
        tower(100, 220, 480, p, random, false),
        tower(880, 220, 420, p, random, true),
        shops(340, 3, p, random),
        palm(820, random),
      );
      break;
  }
  return parts.join("");
}

function ground(p: Palette): string {
  return `<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${p.ground}"/><rect y="${GROUND + 110}" width="${W}" height="50" fill="#55555a"/>
<g fill="#f2f2f2">${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 130 + 20}" y="${GROUND + 132}" width="70" height="6"/>`).join("")}</g>`;
}

function interior(p: Palette, random: () => number): string {
  const wall = pick(["#efe6d8", "#e4ece9", "#f3e3d3"], random);
  const sofa = pick(["#3f6e8c", "#8c5a3c", "#5a7d5a", "#7a4f7a"], random);
  return `<rect width="${W}" height="${H}" fill="${wall}"/>
<rect x="120" y="90" width="520" height="360" fill="${p.skyTop}"/><rect x="120" y="300" width="520" height="150" fill="${p.skyBottom}"/>
<rect x="372" y="90" width="16" height="360" fill="#ffffff"/><rect x="120" y="262" width="520" height="12" fill="#ffffff"/>
<rect x="110" y="80" width="540" height="380" fill="none" stroke="#6b5a48" stroke-width="14"/>
<rect y="600" width="${W}" height="200" fill="#b08a64"/><rect y="600" width="${W}" height="10" fill="#8a6a4a"/>
<rect x="640" y="470" width="460" height="140" rx="24" fill="${sofa}"/><rect x="620" y="430" width="60" height="180" rx="20" fill="${sofa}"/><rect x="1060" y="430" width="60" height="180" rx="20" fill="${sofa}"/>
<rect x="690" y="440" width="160" height="70" rx="16" fill="#ffffff44"/><rect x="880" y="440" width="160" height="70" rx="16" fill="#ffffff44"/>
<ellipse cx="480" cy="690" rx="190" ry="40" fill="#6b4f3a"/><rect x="470" y="690" width="20" height="70" fill="#4a3828"/>
<rect x="880" y="160" width="200" height="140" fill="${pick(["#d9a441", "#5b8bd9", "#c0504d"], random)}" stroke="#3a3a3a" stroke-width="8"/>
<rect x="180" y="520" width="24" height="90" fill="#2f6b3a"/><circle cx="192" cy="500" r="48" fill="#3f8b4a"/>`;
}

function amenity(p: Palette, random: () => number): string {
  return `${sky(p, random)}<rect y="420" width="${W}" height="380" fill="#d9cbb0"/>
<rect x="120" y="500" width="960" height="220" rx="30" fill="#3fa7d6"/><rect x="150" y="530" width="900" height="20" fill="#ffffff55"/>
${[200, 420, 640, 860].map((x) => `<rect x="${x}" y="450" width="120" height="24" rx="8" fill="#ffffff"/>`).join("")}
${palm(80, random)}${palm(1120, random)}`;
}

const SCENES = ["exterior", "exterior", "interior", "exterior", "interior", "amenity", "exterior"] as const;

/** An SVG illustration of a property: no text, so it renders the same without system fonts. */
export function propertySvg(propertyId: string, type: PropertyType, index: number): string {
  const random = seededRandom(`${propertyId}:${index}`);
  // The first picture is the listing's hero, so it is always a daylight one.
  const palette = PALETTES[(index === 0 ? propertyId.length % 2 : index + propertyId.length) % PALETTES.length]!;
  const scene = SCENES[index % SCENES.length]!;
  const body =
    scene === "interior"
      ? interior(palette, random)
      : scene === "amenity"
        ? amenity(palette, random)
        : `${sky(palette, random)}${ground(palette)}${skyline(type, palette, random)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

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
