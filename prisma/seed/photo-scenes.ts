import type { PropertyType } from "~/generated/prisma/enums";
import { seededRandom } from "./artwork";

/**
 * Photograph-like scenes of the demo properties, as SVG for sharp to rasterise: a building
 * in two-point perspective with foreshortened windows, light from one side, sky with
 * turbulence clouds, haze towards the horizon, foreground trees and a vignette. Every
 * property and picture draws its own camera, time of day, sizes and colours from a seeded
 * random source, so regenerating gives the same files and no two listings look alike.
 * No text, so the result does not depend on installed fonts.
 */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;
const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

type Random = () => number;
type Point = readonly [number, number];
type Light = {
  skyTop: string;
  skyBottom: string;
  haze: string;
  sunGlow: string;
  /** Multiplies the lit and shaded faces. */
  litShade: number;
  darkShade: number;
  /** Share of windows lit from inside (dusk). */
  windowsLit: number;
  clouds: number;
};

const LIGHTS: Record<"morning" | "noon" | "golden" | "overcast" | "dusk", Light> = {
  morning: {
    skyTop: "#5f9fd6",
    skyBottom: "#d9e8f2",
    haze: "#e3ecf1",
    sunGlow: "#fffbe8",
    litShade: 1,
    darkShade: 0.72,
    windowsLit: 0,
    clouds: 0.55,
  },
  noon: {
    skyTop: "#3f86cc",
    skyBottom: "#cfe3f3",
    haze: "#dde9f2",
    sunGlow: "#ffffff",
    litShade: 1.05,
    darkShade: 0.68,
    windowsLit: 0,
    clouds: 0.35,
  },
  golden: {
    skyTop: "#6f8fbf",
    skyBottom: "#f6c48d",
    haze: "#f3d2a8",
    sunGlow: "#ffd9a0",
    litShade: 1.02,
    darkShade: 0.6,
    windowsLit: 0.1,
    clouds: 0.5,
  },
  overcast: {
    skyTop: "#9aa6b2",
    skyBottom: "#dde1e4",
    haze: "#d9dde0",
    sunGlow: "#f2f2f2",
    litShade: 0.92,
    darkShade: 0.8,
    windowsLit: 0.05,
    clouds: 0.85,
  },
  dusk: {
    skyTop: "#243a66",
    skyBottom: "#e9936a",
    haze: "#b9857a",
    sunGlow: "#ffb38a",
    litShade: 0.62,
    darkShade: 0.45,
    windowsLit: 0.55,
    clouds: 0.4,
  },
};

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)]!;
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const poly = (points: readonly Point[], attributes: string) =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}" ${attributes}/>`;

/** Scales a hex colour's brightness. */
function shade(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((value >> shift) & 255) * factor)));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * One face of a box seen in perspective: it starts at the near vertical edge and recedes
 * towards a vanishing point. `at(s, v)` maps a position on the real face (s along it, v up
 * it, both 0..1) to the picture, with the foreshortening a camera gives.
 */
type Face = { at: (s: number, v: number) => Point; corners: Point[] };

function face(nearBottom: Point, nearTop: Point, vanishing: Point, reach: number): Face {
  // Evenly spaced points on a receding line land at s·a/(1+s·a) of the way to its vanishing point.
  const a = reach / (1 - reach);
  const at = (s: number, v: number): Point => lerp(lerp(nearBottom, nearTop, v), vanishing, (s * a) / (1 + s * a));
  return { at, corners: [at(0, 0), at(1, 0), at(1, 1), at(0, 1)] };
}

type Box = { left: Face; right: Face; roof: Point[] };

function box(
  x: number,
  groundY: number,
  height: number,
  horizon: number,
  leftVp: number,
  rightVp: number,
  reachL: number,
  reachR: number,
): Box {
  const bottom: Point = [x, groundY];
  const top: Point = [x, groundY - height];
  const left = face(bottom, top, [leftVp, horizon], reachL);
  const right = face(bottom, top, [rightVp, horizon], reachR);
  return { left, right, roof: [left.at(1, 1), top, right.at(1, 1)] };
}

type Style = "residential" | "glass" | "warehouse" | "retail" | "villa";

/** Windows, balconies or cladding on one face, in that face's perspective. */
function facade(f: Face, style: Style, floors: number, bays: number, light: Light, random: Random, glassId: string): string {
  const out: string[] = [];
  const floorH = 1 / floors;
  if (style === "glass") {
    out.push(poly(f.corners, `fill="url(#${glassId})"`));
    for (let i = 1; i < bays; i++)
      out.push(poly([f.at(i / bays, 0), f.at(i / bays, 1)], `stroke="#1f2933" stroke-opacity="0.35" stroke-width="1.4" fill="none"`));
    for (let j = 1; j < floors; j++)
      out.push(poly([f.at(0, j * floorH), f.at(1, j * floorH)], `stroke="#e8eef3" stroke-opacity="0.35" stroke-width="1" fill="none"`));
    for (let i = 0; i < bays; i++)
      for (let j = 0; j < floors; j++)
        if (random() < light.windowsLit * 0.7)
          out.push(
            poly(
              [
                f.at(i / bays, j * floorH),
                f.at((i + 1) / bays, j * floorH),
                f.at((i + 1) / bays, (j + 1) * floorH),
                f.at(i / bays, (j + 1) * floorH),
              ],
              `fill="#ffd58a" opacity="0.55"`,
            ),
          );
    return out.join("");
  }
  if (style === "warehouse") {
    for (let i = 0; i < bays * 6; i++)
      out.push(
        poly([f.at(i / (bays * 6), 0.02), f.at(i / (bays * 6), 0.98)], `stroke="#000" stroke-opacity="0.08" stroke-width="1" fill="none"`),
      );
    for (let i = 0; i < bays; i++) {
      const s0 = (i + 0.2) / bays;
      const s1 = (i + 0.8) / bays;
      out.push(poly([f.at(s0, 0), f.at(s1, 0), f.at(s1, 0.55), f.at(s0, 0.55)], `fill="#3b4148"`));
      out.push(poly([f.at(s0, 0.55), f.at(s1, 0.55), f.at(s1, 0.6), f.at(s0, 0.6)], `fill="#e2b53a"`));
    }
    out.push(poly([f.at(0, 0.9), f.at(1, 0.9), f.at(1, 1), f.at(0, 1)], `fill="#1f5f9e" opacity="0.85"`));
    return out.join("");
  }
  const windowW = style === "villa" ? 0.7 : 0.56;
  const windowH = style === "villa" ? 0.62 : 0.5;
  const startFloor = style === "retail" ? 1 : 0;
  for (let j = startFloor; j < floors; j++) {
    for (let i = 0; i < bays; i++) {
      const s0 = (i + (1 - windowW) / 2) / bays;
      const s1 = (i + (1 + windowW) / 2) / bays;
      const v0 = (j + 0.25) * floorH;
      const v1 = (j + 0.25 + windowH) * floorH;
      const lit = random() < light.windowsLit;
      const fill = lit ? pick(["#ffd58a", "#ffe3a8", "#f7c66b"], random) : `url(#${glassId})`;
      out.push(poly([f.at(s0, v0), f.at(s1, v0), f.at(s1, v1), f.at(s0, v1)], `fill="${fill}"`));
      if (!lit && random() < 0.3)
        out.push(poly([f.at(s0, v0), f.at((s0 + s1) / 2, v0), f.at((s0 + s1) / 2, v1), f.at(s0, v1)], `fill="#f1e9dc" opacity="0.55"`));
    }
    if (style === "residential" && j > 0) {
      // A balcony slab and its glass railing on every floor.
      out.push(
        poly(
          [f.at(0, j * floorH), f.at(1, j * floorH), f.at(1, j * floorH + floorH * 0.08), f.at(0, j * floorH + floorH * 0.08)],
          `fill="#f4f1ea" opacity="0.9"`,
        ),
      );
      out.push(
        poly(
          [
            f.at(0, j * floorH + floorH * 0.08),
            f.at(1, j * floorH + floorH * 0.08),
            f.at(1, j * floorH + floorH * 0.3),
            f.at(0, j * floorH + floorH * 0.3),
          ],
          `fill="#cfe1ea" opacity="0.35"`,
        ),
      );
    }
  }
  if (style === "retail") {
    // A glazed ground floor with a canopy and coloured brand panels (no lettering).
    out.push(poly([f.at(0, 0), f.at(1, 0), f.at(1, floorH * 0.85), f.at(0, floorH * 0.85)], `fill="url(#${glassId})"`));
    for (let i = 0; i < bays; i += 2) {
      const colour = pick(["#c0392b", "#1f6fb2", "#2e8b57", "#e67e22", "#6c3483", "#d4ac0d"], random);
      out.push(
        poly(
          [
            f.at(i / bays + 0.01, floorH * 0.9),
            f.at((i + 1.4) / bays, floorH * 0.9),
            f.at((i + 1.4) / bays, floorH * 1.05),
            f.at(i / bays + 0.01, floorH * 1.05),
          ],
          `fill="${colour}"`,
        ),
      );
    }
    out.push(poly([f.at(0, floorH * 0.85), f.at(1, floorH * 0.85), f.at(1, floorH * 0.9), f.at(0, floorH * 0.9)], `fill="#2c2f33"`));
  }
  return out.join("");
}

function defs(light: Light, random: Random, sun: Point): string {
  const cloudSeed = Math.floor(random() * 1000);
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.skyTop}"/><stop offset="1" stop-color="${light.skyBottom}"/></linearGradient>
<radialGradient id="sun" cx="${sun[0]}" cy="${sun[1]}" r="520" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${light.sunGlow}" stop-opacity="0.95"/><stop offset="0.25" stop-color="${light.sunGlow}" stop-opacity="0.35"/><stop offset="1" stop-color="${light.sunGlow}" stop-opacity="0"/></radialGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.haze}" stop-opacity="0"/><stop offset="1" stop-color="${light.haze}" stop-opacity="0.85"/></linearGradient>
<linearGradient id="glassA" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${shade(light.skyBottom, 0.95)}"/><stop offset="0.45" stop-color="${shade(light.skyTop, 0.8)}"/><stop offset="1" stop-color="#26323d"/></linearGradient>
<linearGradient id="glassB" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="${shade(light.skyTop, 0.7)}"/><stop offset="0.6" stop-color="#2b3a48"/><stop offset="1" stop-color="#151d25"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
<filter id="clouds" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.012" numOctaves="4" seed="${cloudSeed}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  4 0 0 0 ${(-2.1 + 0.6 * light.clouds).toFixed(2)}"/></filter>
<filter id="lawn"><feTurbulence type="fractalNoise" baseFrequency="0.35 0.9" numOctaves="2" seed="${cloudSeed + 2}"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.5 -0.1"/><feComposite in2="SourceGraphic" operator="in"/></filter>
<linearGradient id="groundShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
<filter id="soft"><feGaussianBlur stdDeviation="2.2"/></filter>
<filter id="softer"><feGaussianBlur stdDeviation="5"/></filter>
<filter id="leaf"><feTurbulence type="fractalNoise" baseFrequency="0.09" numOctaves="2" seed="${cloudSeed + 1}"/><feColorMatrix values="0 0 0 0 0.1  0 0 0 0 0.25  0 0 0 0 0.08  0 0 0 0.9 -0.2"/><feComposite in2="SourceGraphic" operator="in"/><feBlend in2="SourceGraphic" mode="multiply"/></filter>
</defs>`;
}

function skyAndDistance(light: Light, random: Random, horizon: number): string {
  const city = Array.from({ length: 22 }, (_, i) => {
    const width = between(random, 40, 90);
    const height = between(random, 20, 150);
    return `<rect x="${(i * 58 - 20 + between(random, -10, 10)).toFixed(0)}" y="${(horizon - height).toFixed(0)}" width="${width.toFixed(0)}" height="${height.toFixed(0)}"/>`;
  }).join("");
  const treeLine = Array.from(
    { length: 40 },
    (_, i) => `<circle cx="${i * 32 + between(random, -8, 8)}" cy="${horizon + 4}" r="${between(random, 14, 28).toFixed(0)}"/>`,
  ).join("");
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect width="${W}" height="${H}" fill="url(#sun)"/>
<rect width="${W}" height="${horizon}" filter="url(#clouds)" opacity="0.9"/>
<g fill="${shade(light.haze, 0.78)}" opacity="0.7" filter="url(#soft)">${city}</g>
<g fill="${shade("#4f6b45", light.litShade * 0.9)}" opacity="0.85" filter="url(#soft)">${treeLine}</g>
<rect y="${horizon - 160}" width="${W}" height="170" fill="url(#haze)"/>`;
}

function groundPlane(random: Random, horizon: number, style: Style, light: Light): string {
  const grass = shade(pick(["#5d7a3a", "#6b8440", "#52703a"], random), light.litShade);
  const paving = shade(pick(["#a8a59d", "#b5b0a5", "#9d9a93"], random), light.litShade);
  const surface = `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${style === "warehouse" || style === "retail" ? paving : grass}"/>`;
  // Blades of grass or grit in the paving, darker towards the camera.
  const out = [
    surface,
    surface.replace("/>", ' filter="url(#lawn)"/>'),
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#groundShade)"/>`,
  ];
  if (style === "villa") return out.join("");
  // A road sweeping towards the viewer.
  const roadTop = horizon + between(random, 70, 110);
  out.push(
    poly(
      [
        [0, roadTop],
        [W, roadTop - between(random, -30, 30)],
        [W, roadTop + 90],
        [0, roadTop + 140],
      ],
      `fill="${shade("#4a4d52", light.litShade)}"`,
    ),
  );
  out.push(
    poly(
      [
        [0, roadTop + 62],
        [W, roadTop + 35],
        [W, roadTop + 39],
        [0, roadTop + 68],
      ],
      `fill="#e9e4d5" opacity="0.7"`,
    ),
  );
  if (style === "warehouse" || style === "retail") {
    // Parked cars or lorries in the foreground.
    for (let i = 0; i < 7; i++) {
      const x = between(random, 0, W - 120);
      const y = roadTop + between(random, 150, 240);
      const scale = 0.7 + (y - roadTop) / 400;
      const colour = pick(["#d9d9d9", "#2f3640", "#a93226", "#1f4e79", "#f0f0f0", "#7f8c8d"], random);
      out.push(
        `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${scale.toFixed(2)})"><ellipse cx="60" cy="40" rx="70" ry="10" fill="#000" opacity="0.3"/><rect x="0" y="8" width="120" height="30" rx="10" fill="${colour}"/><rect x="22" y="-8" width="70" height="22" rx="8" fill="${shade(colour, 0.8)}"/><rect x="28" y="-4" width="58" height="14" rx="5" fill="#9fb3c2" opacity="0.8"/><circle cx="25" cy="38" r="9" fill="#111"/><circle cx="95" cy="38" r="9" fill="#111"/></g>`,
      );
    }
  }
  return out.join("");
}

function tree(x: number, baseY: number, size: number, random: Random, light: Light): string {
  const green = shade(pick(["#2f5d2a", "#3d6b2f", "#2a4f2b", "#46743a"], random), light.litShade);
  const blobs = Array.from(
    { length: 9 },
    () =>
      `<circle cx="${(x + between(random, -0.6, 0.6) * size).toFixed(0)}" cy="${(baseY - size * 1.4 + between(random, -0.5, 0.5) * size).toFixed(0)}" r="${(size * between(random, 0.35, 0.6)).toFixed(0)}"/>`,
  ).join("");
  return `<ellipse cx="${x + size * 0.6}" cy="${baseY}" rx="${size * 1.1}" ry="${size * 0.18}" fill="#000" opacity="0.25" filter="url(#soft)"/><rect x="${x - size * 0.06}" y="${baseY - size}" width="${size * 0.12}" height="${size}" fill="#4a3526"/><g fill="${green}" filter="url(#leaf)">${blobs}</g><g fill="#c9e29a" opacity="0.18">${blobs}</g>`;
}

function palm(x: number, baseY: number, size: number, light: Light): string {
  const green = shade("#2f6b3a", light.litShade);
  const leaves = [-70, -35, -5, 25, 60, 95, 130]
    .map(
      (angle) =>
        `<ellipse cx="${x}" cy="${baseY - size}" rx="${size * 0.42}" ry="${size * 0.07}" fill="${green}" transform="rotate(${angle} ${x} ${baseY - size}) translate(${size * 0.3} 0)"/>`,
    )
    .join("");
  return `<path d="M${x - 5} ${baseY} Q${x + size * 0.12} ${baseY - size * 0.5} ${x} ${baseY - size} L${x + 6} ${baseY - size} Q${x + size * 0.16} ${baseY - size * 0.5} ${x + 7} ${baseY}Z" fill="#7a5c3e"/><g filter="url(#leaf)">${leaves}</g>`;
}

type Building = { style: Style; floors: [number, number]; height: [number, number]; bays: [number, number]; colours: string[] };

const BUILDINGS: Record<PropertyType, Building> = {
  residential: {
    style: "residential",
    floors: [16, 28],
    height: [440, 660],
    bays: [5, 8],
    colours: ["#e8e1d3", "#d9cbb5", "#efe9df", "#cfc6b8"],
  },
  apartment: {
    style: "residential",
    floors: [10, 18],
    height: [360, 540],
    bays: [4, 7],
    colours: ["#f0e6d6", "#d7c4a8", "#e3d9cc", "#c9b79c"],
  },
  office: { style: "glass", floors: [18, 30], height: [500, 720], bays: [8, 14], colours: ["#9aa7b1", "#7d8a96"] },
  commercial: { style: "glass", floors: [12, 20], height: [380, 560], bays: [7, 12], colours: ["#b8bfc6", "#8f9aa5"] },
  industrial: { style: "warehouse", floors: [1, 1], height: [120, 170], bays: [6, 10], colours: ["#c9ced3", "#b3bcc4", "#d5d0c5"] },
  retail: { style: "retail", floors: [3, 5], height: [170, 240], bays: [6, 10], colours: ["#e6dfd2", "#d3c8b6", "#ece7df"] },
  villa: { style: "villa", floors: [2, 2], height: [230, 300], bays: [2, 4], colours: ["#f3eee6", "#e8dccb", "#f6f1e8"] },
  mixed: { style: "residential", floors: [14, 24], height: [420, 620], bays: [5, 8], colours: ["#ddd3c2", "#c8bfb0", "#e6ddd0"] },
};

function exterior(type: PropertyType, light: Light, random: Random): string {
  const spec = BUILDINGS[type];
  const horizon = between(random, 430, 520);
  const groundY = horizon + between(random, 40, 90);
  const nearX = between(random, 420, 780);
  // Vanishing points far outside the frame give a natural, slightly wide-angle look.
  const leftVp = nearX - between(random, 1400, 2600);
  const rightVp = nearX + between(random, 1400, 2600);
  const wide = spec.style === "warehouse" || spec.style === "retail";
  const villa = spec.style === "villa";
  const reachL = between(random, wide ? 0.32 : villa ? 0.24 : 0.07, wide ? 0.45 : villa ? 0.32 : 0.11);
  const reachR = between(random, wide ? 0.18 : villa ? 0.15 : 0.05, wide ? 0.3 : villa ? 0.22 : 0.09);
  const height = between(random, ...spec.height);
  const floors = Math.round(between(random, ...spec.floors));
  const bays = Math.round(between(random, ...spec.bays));
  const wall = pick(spec.colours, random);
  const sunOnLeft = random() < 0.6;
  const sun: Point = [sunOnLeft ? between(random, 0, 300) : between(random, 900, W), between(random, 60, 220)];
  const main = box(nearX, groundY, height, horizon, leftVp, rightVp, reachL, reachR);
  const lit = sunOnLeft ? "left" : "right";
  const faceFill = (side: "left" | "right") => shade(wall, side === lit ? light.litShade : light.darkShade);
  const parts: string[] = [
    defs(light, random, sun),
    skyAndDistance(light, random, horizon),
    groundPlane(random, horizon, spec.style, light),
  ];

  // The building's shadow, thrown away from the sun.
  const shadowDir = sunOnLeft ? 1 : -1;
  parts.push(
    poly(
      [
        main.left.at(1, 0),
        [nearX, groundY],
        main.right.at(1, 0),
        [main.right.at(1, 0)[0] + shadowDir * height * 0.5, groundY + 40],
        [nearX + shadowDir * height * 0.55, groundY + 60],
      ],
      `fill="#000" opacity="0.22" filter="url(#softer)"`,
    ),
  );

  if (type === "mixed") {
    const podium = box(nearX, groundY, height * 0.22, horizon, leftVp, rightVp, reachL * 1.6, reachR * 1.5);
    parts.push(poly(podium.left.corners, `fill="${faceFill("left")}"`), poly(podium.right.corners, `fill="${faceFill("right")}"`));
    parts.push(
      facade(podium.left, "retail", 2, bays + 2, light, random, "glassA"),
      facade(podium.right, "retail", 2, bays, light, random, "glassB"),
    );
  }
  const glassFaces = spec.style === "glass";
  parts.push(poly(main.left.corners, `fill="${faceFill("left")}"`), poly(main.right.corners, `fill="${faceFill("right")}"`));
  parts.push(facade(main.left, spec.style, floors, bays, light, random, lit === "left" ? "glassA" : "glassB"));
  parts.push(
    facade(main.right, spec.style, floors, Math.max(2, Math.round(bays * 0.7)), light, random, lit === "right" ? "glassA" : "glassB"),
  );
  if (spec.style === "residential" || spec.style === "glass") {
    // A double-height glazed lobby at the foot of the tower.
    const lobby = 1.6 / floors;
    for (const f of [main.left, main.right]) {
      parts.push(poly([f.at(0, 0), f.at(1, 0), f.at(1, lobby), f.at(0, lobby)], `fill="url(#glassB)"`));
      parts.push(poly([f.at(0, lobby), f.at(1, lobby), f.at(1, lobby * 1.12), f.at(0, lobby * 1.12)], `fill="${shade(wall, 0.5)}"`));
    }
  }
  // The near corner catches the light; the roof gets a parapet.
  parts.push(
    poly(
      [
        [nearX - 1.5, groundY],
        [nearX - 1.5, groundY - height],
        [nearX + 1.5, groundY - height],
        [nearX + 1.5, groundY],
      ],
      `fill="#fff" opacity="${glassFaces ? 0.5 : 0.25}"`,
    ),
  );
  parts.push(
    poly(
      [
        main.left.at(1, 1),
        [nearX, groundY - height],
        main.right.at(1, 1),
        lerp(main.right.at(1, 1), [nearX, groundY - height - 10], 0.05),
        [nearX, groundY - height - 10],
        lerp(main.left.at(1, 1), [nearX, groundY - height - 10], 0.05),
      ],
      `fill="${shade(wall, 0.55)}"`,
    ),
  );
  if (glassFaces) {
    // A soft sky reflection sweeping across the curtain wall.
    const f = lit === "left" ? main.left : main.right;
    parts.push(
      poly([f.at(0.15, 0.95), f.at(0.35, 0.95), f.at(0.75, 0.1), f.at(0.55, 0.1)], `fill="#fff" opacity="0.16" filter="url(#soft)"`),
    );
  }
  if (spec.style === "villa") {
    // A cantilevered upper slab, a timber panel and a pool in front.
    parts.push(
      poly([main.left.at(-0.05, 0.5), main.left.at(1.08, 0.5), main.left.at(1.08, 0.56), main.left.at(-0.05, 0.56)], `fill="#fbfaf7"`),
    );
    parts.push(
      poly([main.right.at(0.05, 0.56), main.right.at(0.4, 0.56), main.right.at(0.4, 1), main.right.at(0.05, 1)], `fill="#8a5a36"`),
    );
    const poolTop = groundY + between(random, 30, 60);
    parts.push(
      poly(
        [
          [nearX - 360, poolTop],
          [nearX + 200, poolTop],
          [nearX + 320, poolTop + 110],
          [nearX - 420, poolTop + 110],
        ],
        `fill="#3da5c9"`,
      ),
    );
    parts.push(
      poly(
        [
          [nearX - 340, poolTop + 6],
          [nearX + 160, poolTop + 6],
          [nearX + 190, poolTop + 30],
          [nearX - 360, poolTop + 30],
        ],
        `fill="#bfeaf5" opacity="0.45" filter="url(#soft)"`,
      ),
    );
    parts.push(
      palm(nearX - 440, groundY + 40, between(random, 230, 300), light),
      palm(nearX + 380, groundY + 30, between(random, 200, 260), light),
    );
  }
  // Foreground trees at the edges of the frame, slightly out of focus.
  const trees = Math.round(between(random, 1, 4));
  for (let i = 0; i < trees; i++) {
    const x = random() < 0.5 ? between(random, -40, 200) : between(random, 1000, 1240);
    parts.push(`<g filter="url(#soft)">${tree(x, between(random, H - 100, H + 30), between(random, 90, 170), random, light)}</g>`);
  }
  return parts.join("");
}

function interior(light: Light, random: Random): string {
  const wall = pick(["#efe7da", "#e6ebe8", "#f1e4d4", "#e9e4dc"], random);
  const floor = pick(["#b68a5f", "#9c7450", "#c9a27a", "#d8d2c8"], random);
  const sofa = pick(["#3f6e8c", "#8c5a3c", "#5a7d5a", "#7a6a5a", "#d6cfc4"], random);
  // One-point perspective: the back wall is an inner rectangle.
  const bx0 = between(random, 260, 360);
  const bx1 = W - between(random, 260, 360);
  const by0 = between(random, 150, 200);
  const by1 = between(random, 470, 520);
  const sun: Point = [bx0 + 200, by0 + 80];
  const planks = Array.from({ length: 14 }, (_, i) => {
    const t = i / 13;
    return poly(
      [
        [bx0 + (bx1 - bx0) * t, by1],
        [-300 + (W + 600) * t, H],
      ],
      `stroke="#000" stroke-opacity="0.1" stroke-width="1.2" fill="none"`,
    );
  }).join("");
  const windowX0 = bx0 + (bx1 - bx0) * 0.12;
  const windowX1 = bx0 + (bx1 - bx0) * 0.62;
  return `${defs(light, random, sun)}
<rect width="${W}" height="${H}" fill="${shade(wall, 0.86)}"/>
${poly(
  [
    [0, 0],
    [W, 0],
    [bx1, by0],
    [bx0, by0],
  ],
  `fill="${shade(wall, 0.97)}"`,
)}
${poly(
  [
    [0, 0],
    [bx0, by0],
    [bx0, by1],
    [0, H],
  ],
  `fill="${shade(wall, 0.8)}"`,
)}
${poly(
  [
    [W, 0],
    [bx1, by0],
    [bx1, by1],
    [W, H],
  ],
  `fill="${shade(wall, 0.9)}"`,
)}
<rect x="${bx0}" y="${by0}" width="${bx1 - bx0}" height="${by1 - by0}" fill="${wall}"/>
<svg x="${windowX0}" y="${by0 + 30}" width="${windowX1 - windowX0}" height="${by1 - by0 - 50}" viewBox="0 ${H * 0.25} ${W} ${H * 0.5}" preserveAspectRatio="xMidYMid slice">${skyAndDistance(light, random, H * 0.62)}</svg>
<rect x="${windowX0}" y="${by0 + 30}" width="${windowX1 - windowX0}" height="${by1 - by0 - 50}" fill="none" stroke="#2d2a26" stroke-width="6"/>
<rect x="${(windowX0 + windowX1) / 2 - 3}" y="${by0 + 30}" width="6" height="${by1 - by0 - 50}" fill="#2d2a26"/>
${poly(
  [
    [bx0, by1],
    [bx1, by1],
    [W + 300, H],
    [-300, H],
  ],
  `fill="${floor}"`,
)}${planks}
${poly(
  [
    [windowX0, by1],
    [windowX1, by1],
    [windowX1 + 260, H],
    [windowX0 + 60, H],
  ],
  `fill="#fff7e0" opacity="0.22" filter="url(#softer)"`,
)}
<ellipse cx="${W * 0.5}" cy="${H - 90}" rx="330" ry="70" fill="${pick(["#d8cbb5", "#8e9aa6", "#b5876b"], random)}" opacity="0.9"/>
<ellipse cx="${W * 0.66}" cy="${by1 + 120}" rx="260" ry="30" fill="#000" opacity="0.25" filter="url(#softer)"/>
<rect x="${W * 0.5}" y="${by1 - 10}" width="360" height="110" rx="22" fill="${sofa}"/>
<rect x="${W * 0.5 - 10}" y="${by1 - 60}" width="380" height="70" rx="24" fill="${shade(sofa, 0.85)}"/>
<rect x="${W * 0.5 + 20}" y="${by1 - 40}" width="110" height="55" rx="14" fill="#ffffff" opacity="0.35"/>
<rect x="${W * 0.5 + 230}" y="${by1 - 40}" width="110" height="55" rx="14" fill="#ffffff" opacity="0.3"/>
<rect x="${W * 0.18}" y="${H - 170}" width="210" height="16" rx="6" fill="#4a3526"/><rect x="${W * 0.18 + 20}" y="${H - 154}" width="10" height="70" fill="#3a2a1e"/><rect x="${W * 0.18 + 180}" y="${H - 154}" width="10" height="70" fill="#3a2a1e"/>
<radialGradient id="lamp" cx="${W * 0.5 + 420}" cy="${by0 + 170}" r="220" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#ffe2a8" stop-opacity="0.75"/><stop offset="1" stop-color="#ffe2a8" stop-opacity="0"/></radialGradient>
<rect width="${W}" height="${H}" fill="url(#lamp)"/>
<rect x="${W * 0.5 + 414}" y="${by0 + 170}" width="10" height="${by1 - by0 - 60}" fill="#2d2a26"/><ellipse cx="${W * 0.5 + 419}" cy="${by0 + 165}" rx="34" ry="22" fill="#f6e7c8"/>
${tree(between(random, 80, 160), H - 40, 90, random, light)}`;
}

function amenity(light: Light, random: Random): string {
  const horizon = between(random, 380, 440);
  const sun: Point = [between(random, 200, 1000), between(random, 80, 200)];
  const deck = pick(["#c8b89a", "#b79f7d", "#d6cbb8"], random);
  const loungers = Array.from({ length: 4 }, (_, i) => {
    const x = 140 + i * 150;
    const y = H - 130 + i * 8;
    return `<ellipse cx="${x + 60}" cy="${y + 40}" rx="80" ry="10" fill="#000" opacity="0.25" filter="url(#soft)"/><rect x="${x}" y="${y}" width="120" height="24" rx="6" fill="#f5f2ea"/><rect x="${x - 10}" y="${y - 30}" width="40" height="40" rx="6" fill="#ece7dd" transform="rotate(-25 ${x} ${y})"/>`;
  }).join("");
  return `${defs(light, random, sun)}${skyAndDistance(light, random, horizon)}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${deck}"/>
${poly(
  [
    [W * 0.15, horizon + 40],
    [W * 0.95, horizon + 40],
    [W + 100, H - 170],
    [W * 0.35, H - 170],
  ],
  `fill="#2f9fcf"`,
)}
${poly(
  [
    [W * 0.2, horizon + 50],
    [W * 0.9, horizon + 50],
    [W * 0.95, horizon + 90],
    [W * 0.28, horizon + 90],
  ],
  `fill="#bdeaf7" opacity="0.5" filter="url(#soft)"`,
)}
<rect y="${horizon + 20}" width="${W}" height="10" fill="#e9e4da"/>
<rect y="${horizon - 60}" width="${W}" height="80" fill="#cfe3ea" opacity="0.25"/>
${loungers}${palm(between(random, 40, 120), H - 60, 300, light)}${palm(between(random, 1080, 1160), H - 80, 260, light)}`;
}

/** Exterior first (the listing's hero), then a mix of other angles, interiors and amenities. */
const SHOTS = ["exterior", "exterior", "interior", "amenity", "exterior", "interior", "exterior"] as const;

export function propertyPhotoSvg(propertyId: string, type: PropertyType, index: number): string {
  const random = seededRandom(`photo:${propertyId}:${index}`);
  const shot = SHOTS[index % SHOTS.length]!;
  const times = index === 0 ? (["morning", "noon", "golden"] as const) : (["morning", "noon", "golden", "overcast", "dusk"] as const);
  const light = LIGHTS[pick(times, random)];
  const body =
    shot === "interior"
      ? interior(light, random)
      : shot === "amenity" && type !== "industrial"
        ? amenity(light, random)
        : exterior(type, light, random);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;
}
