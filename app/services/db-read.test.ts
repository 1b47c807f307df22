import { describe, expect, it } from "vitest";
import { judgeLag, replicaLagSeconds } from "./db-read.server";

// How far behind a replica is, and when it may serve reads (ADR 0079).
describe("replica lag", () => {
  it("is nothing for a server that is not replaying (a promoted replica) or has replayed the primary's position", () => {
    expect(replicaLagSeconds({ inRecovery: false, replayedPrimaryPosition: false, lastReplayAgeSeconds: null })).toBe(0);
    // An idle primary writes nothing, so the last replayed transaction grows old without any lag.
    expect(replicaLagSeconds({ inRecovery: true, replayedPrimaryPosition: true, lastReplayAgeSeconds: 600 })).toBe(0);
  });

  it("is the age of the last replayed transaction while the replica is behind, and unknown when it has replayed none", () => {
    expect(replicaLagSeconds({ inRecovery: true, replayedPrimaryPosition: false, lastReplayAgeSeconds: 7.5 })).toBe(7.5);
    expect(replicaLagSeconds({ inRecovery: true, replayedPrimaryPosition: false, lastReplayAgeSeconds: null })).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it("lets a replica serve up to the allowed lag and skips it beyond", () => {
    expect(judgeLag(5, 5)).toEqual({ healthy: true });
    expect(judgeLag(5.1, 5)).toEqual({ healthy: false, reason: "lagging", detail: "5.1 s behind" });
    expect(judgeLag(Number.POSITIVE_INFINITY, 5)).toMatchObject({ healthy: false, reason: "lagging" });
  });
});
