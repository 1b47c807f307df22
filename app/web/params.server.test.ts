import { describe, expect, it } from "vitest";
import { requireParams } from "./params.server";

const UUID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

/** What requireParams threw, or null when it returned. */
function thrown(run: () => unknown): unknown {
  try {
    run();
    return null;
  } catch (error) {
    return error;
  }
}

describe("requireParams", () => {
  it("returns each parameter that has its kind", () => {
    expect(
      requireParams({ transactionId: UUID, propertyId: "baner-greens-villas" }, { transactionId: "uuid", propertyId: "text" }),
    ).toEqual({
      transactionId: UUID,
      propertyId: "baner-greens-villas",
    });
  });

  it("throws the page's 404 for a parameter that is missing or of the wrong kind", () => {
    for (const params of [{}, { transactionId: "prop-1" }, { transactionId: `${UUID}x` }]) {
      const error = thrown(() => requireParams(params, { transactionId: "uuid" }));
      expect(error).toMatchObject({ data: null, init: { status: 404 } });
    }
    expect(thrown(() => requireParams({ propertyId: "" }, { propertyId: "text" }))).toMatchObject({ init: { status: 404 } });
    expect(thrown(() => requireParams({ propertyId: "p".repeat(201) }, { propertyId: "text" }))).toMatchObject({ init: { status: 404 } });
  });

  it("throws the route's own not-found answer when it has one", async () => {
    const error = thrown(() => requireParams({ imageId: "nope" }, { imageId: "uuid" }, () => new Response("Not found", { status: 404 })));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(404);
    expect(await (error as Response).text()).toBe("Not found");
  });
});
