import { describe, expect, it } from "vitest";
import { z } from "zod";
import { disableZodJit } from "./zod-jitless";

describe("disableZodJit", () => {
  it("switches zod's compiled parsers off through the config z.config reads", () => {
    disableZodJit();
    expect(z.config().jitless).toBe(true);
    // Parsing still works (and validates) without the compiler.
    expect(z.object({ amount: z.number().positive() }).safeParse({ amount: -1 }).success).toBe(false);
  });
});
