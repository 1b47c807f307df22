import { singleton } from "~/services/singleton.server";

/**
 * The process's counters, in Prometheus's text format on /metrics (loopback only): what an
 * operator graphs and alerts on. Only counts, labelled by a few fixed words, never by user.
 */
type Counters = Map<string, { help: string; values: Map<string, number> }>;

// One per process: server.ts and the Remix build both count into it.
const counters = singleton("metrics", (): Counters => new Map());

/** Declares a counter once (its help line) and returns the function that adds to it. */
export function counter<Label extends string = never>(name: string, help: string) {
  if (!counters.has(name)) counters.set(name, { help, values: new Map() });
  return (labels: Record<Label, string> = {} as Record<Label, string>, by = 1): void => {
    const entry = counters.get(name)!;
    const key = Object.entries(labels)
      .map(([label, value]) => `${label}="${String(value).replace(/["\\\n]/g, "_")}"`)
      .join(",");
    entry.values.set(key, (entry.values.get(key) ?? 0) + by);
  };
}

/** Every counter, as Prometheus reads it. */
export function metricsText(): string {
  const lines: string[] = [];
  for (const [name, { help, values }] of counters) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
    for (const [labels, value] of values) lines.push(labels ? `${name}{${labels}} ${value}` : `${name} ${value}`);
  }
  return `${lines.join("\n")}\n`;
}
