import { readFileSync } from "node:fs";

type CpuTicks = { idle: number; total: number };

/** The whole machine's CPU ticks so far, from the first line of /proc/stat (idle counts iowait too). */
function machineTicks(): CpuTicks {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

export type QuietHost = {
  /** Whether the streak was reached before `maxSeconds` ran out. */
  quiet: boolean;
  waitedSeconds: number;
  /** The share of all CPUs that was busy in each second sampled, in order. */
  busyBySecond: number[];
};

/**
 * Waits until the machine has been quiet (at most `busyShare` of all its CPUs busy) for
 * `seconds` seconds in a row, at most `maxSeconds` in all. Lighthouse times a page's main
 * thread on this host and scales it by its CPU slowdown, so whatever else is still running
 * (autovacuum after a load, a server that has just seeded its data, writeback) lands in its
 * total blocking time; a fixed pause cannot know when that work has ended.
 */
export async function waitForQuietHost(options: { busyShare?: number; seconds?: number; maxSeconds?: number } = {}): Promise<QuietHost> {
  const { busyShare = 0.15, seconds = 5, maxSeconds = 120 } = options;
  const busyBySecond: number[] = [];
  let streak = 0;
  let before = machineTicks();
  while (busyBySecond.length < maxSeconds) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = machineTicks();
    const total = now.total - before.total;
    const busy = total > 0 ? 1 - (now.idle - before.idle) / total : 0;
    before = now;
    busyBySecond.push(Math.round(busy * 1000) / 1000);
    streak = busy <= busyShare ? streak + 1 : 0;
    if (streak >= seconds) return { quiet: true, waitedSeconds: busyBySecond.length, busyBySecond };
  }
  return { quiet: false, waitedSeconds: busyBySecond.length, busyBySecond };
}
