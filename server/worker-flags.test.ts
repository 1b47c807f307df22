import { describe, expect, it } from "vitest";
import { WORKER_SEMI_SPACE_FLAG, workerExecArgv } from "./worker-flags";

describe("a cluster worker's node flags", () => {
  it("are the primary's own with a 64 MB semi-space added", () => {
    expect(workerExecArgv(["--import", "tsx"], undefined)).toEqual(["--import", "tsx", WORKER_SEMI_SPACE_FLAG]);
    expect(WORKER_SEMI_SPACE_FLAG).toBe("--max-semi-space-size=64");
  });

  it("leave an operator's own semi-space alone, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=8"], undefined)).toEqual(["--max-semi-space-size=8"]);
    expect(workerExecArgv(["--import", "tsx"], "--enable-source-maps --max_semi_space_size=32")).toEqual(["--import", "tsx"]);
  });
});
