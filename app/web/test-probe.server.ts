/**
 * A failure the e2e probes cause on purpose to show the error pages. The server's error
 * log labels it as expected and leaves out its stack, so test output shows no alarming
 * trace for a failure that means everything works.
 */
export class TestProbeFailure extends Error {
  override name = "TestProbeFailure";
}

/** The log line for a deliberate probe failure, or null for a real one. */
export function expectedFailureLine(error: unknown): string | null {
  return error instanceof TestProbeFailure ? `expected (test probe): ${error.message}` : null;
}
