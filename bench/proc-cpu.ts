import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

/** Whether a command line is one of PostgreSQL's processes. */
export const isPostgres = (command: string) => /^postgres(:| )|\/bin\/postgres /.test(command);

/** CPU seconds used so far by the processes `include` picks (by command line, pid and process group). */
export function cpuSeconds(include: (command: string, pid: number, processGroup: number) => boolean): number {
  let ticks = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ");
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after "(comm) ": state, ppid, pgrp, ..., utime (14th of the line), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (!include(command, Number(name), Number(fields[2]))) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended while it was read
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}
