import { describe, expect, it } from "vitest";
import { parseMultipartForm, repairContentDisposition } from "./multipart.server";

function multipart(parts: string[]): Request {
  const body = `${parts.map((part) => `--edge\r\n${part}\r\n`).join("")}--edge--\r\n`;
  return new Request("http://localhost/kyc", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=edge" }, body });
}

async function namesIn(request: Request): Promise<Array<[string, string | undefined]>> {
  const seen: Array<[string, string | undefined]> = [];
  await parseMultipartForm(request, async (part) => {
    for await (const chunk of part.data) void chunk;
    seen.push([part.name, part.filename]);
    return undefined;
  });
  return seen;
}

describe("multipart part headers", () => {
  it.each([
    ['form-data; name="pan_card"; filename="a=b.pdf"', 'form-data; name="pan_card"; filename="a%3Db.pdf"'],
    ['form-data; name="pan_card"; filename="a;b.pdf"', 'form-data; name="pan_card"; filename="a%3Bb.pdf"'],
    ['form-data; name="pan_card"; filename="say \\"hi\\".pdf"', 'form-data; name="pan_card"; filename="say %22hi%22.pdf"'],
    ["form-data; name=step", 'form-data; name="step"'],
  ])("rewrites %j so the parser can read it", (given, repaired) => {
    expect(repairContentDisposition(given)).toBe(repaired);
  });

  it("leaves a header it cannot read as it was (an unclosed quote)", () => {
    expect(repairContentDisposition('form-data; name="step')).toBe('form-data; name="step');
  });

  it("reads names with = ; and escaped quotes, UTF-8 included, from a streamed body", async () => {
    const request = multipart([
      'Content-Disposition: form-data; name="step"\r\n\r\ndocuments',
      'Content-Disposition: form-data; name="pan_card"; filename="नाम=1;2.jpg"\r\nContent-Type: image/jpeg\r\n\r\nbytes',
      'Content-Disposition: form-data; name="selfie"; filename="say \\"hi\\".jpg"\r\n\r\nbytes',
    ]);
    expect(await namesIn(request)).toEqual([
      ["step", undefined],
      ["pan_card", "नाम%3D1%3B2.jpg"],
      ["selfie", "say %22hi%22.jpg"],
    ]);
  });

  it.each([
    ["an unclosed quote", ['Content-Disposition: form-data; name="step\r\n\r\ndocuments']],
    ["no Content-Disposition", ["Content-Type: text/plain\r\n\r\ndocuments"]],
  ])("answers 400 in the form's words to %s", async (_name, parts) => {
    const refusal = await namesIn(multipart(parts)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(400);
    expect(await (refusal as Response).text()).toBe("The form could not be read. Please try again.");
  });

  it("refuses a NUL in a part's name", async () => {
    const refusal = await namesIn(multipart(['Content-Disposition: form-data; name="st\u0000ep"\r\n\r\nx'])).catch(
      (error: unknown) => error,
    );
    expect((refusal as Response).status).toBe(400);
  });
});
