import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorList, FormErrors } from "./error-list";
import { Field, SelectField } from "./field";

const attr = (html: string, tag: string, name: string) => html.match(new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`))?.[1];

describe("Field", () => {
  it("ties the label, hint and errors to the input and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <Field
        label="Number of shares"
        inputProps={{ id: "shares", name: "shares", "aria-describedby": "shares-error" }}
        help="₹10,000 per share"
        errors={["Please enter a valid number of shares", null, "Please enter a valid number of shares"]}
      />,
    );
    expect(attr(html, "label", "for")).toBe("shares");
    expect(attr(html, "input", "id")).toBe("shares");
    expect(attr(html, "input", "aria-invalid")).toBe("true");
    expect(attr(html, "input", "aria-describedby")).toBe("shares-error shares-description");
    expect(html).toContain('<p id="shares-description"');
    expect(html).toMatch(/<div id="shares-error" role="alert"[^>]*><ul[^>]*><li>Please enter a valid number of shares<\/li><\/ul><\/div>/);
    expect(html.match(/<li>/g)).toHaveLength(1);
  });

  it("stays valid and points at no error list while there are no errors", () => {
    const html = renderToStaticMarkup(
      <Field label="Shares" inputProps={{ id: "shares", "aria-describedby": "shares-error", "aria-invalid": true }} errors={[]} />,
    );
    expect(attr(html, "input", "aria-invalid")).toBeUndefined();
    expect(attr(html, "input", "aria-describedby")).toBeUndefined();
    expect(html).not.toContain('role="alert"');
  });

  it("follows conform's error id and generates an id when none is given", () => {
    const html = renderToStaticMarkup(
      <Field label="Shares" inputProps={{ id: "buy-field-shares" }} errorId="custom-error" errors={["Too many"]} />,
    );
    expect(attr(html, "input", "aria-describedby")).toBe("custom-error");
    expect(html).toContain('id="custom-error"');

    const generated = renderToStaticMarkup(<Field label="Email" inputProps={{ name: "email" }} />);
    const id = attr(generated, "input", "id");
    expect(id).toBeTruthy();
    expect(attr(generated, "label", "for")).toBe(id);
  });
});

describe("SelectField", () => {
  it("labels the select and keeps its options and props", () => {
    const html = renderToStaticMarkup(
      <SelectField label="Type" selectProps={{ id: "type", name: "type", defaultValue: "deposit" }}>
        <option value="all">All transactions</option>
        <option value="deposit">Deposit</option>
      </SelectField>,
    );
    expect(attr(html, "label", "for")).toBe("type");
    expect(attr(html, "select", "name")).toBe("type");
    expect(html).toMatch(/<option value="deposit" selected="">Deposit<\/option>/);
  });
});

describe("ErrorList and FormErrors", () => {
  it("render nothing without messages", () => {
    expect(renderToStaticMarkup(<ErrorList errors={undefined} />)).toBe("");
    expect(renderToStaticMarkup(<FormErrors errors={[null, "", undefined]} />)).toBe("");
  });

  it("announce each distinct message once", () => {
    const html = renderToStaticMarkup(
      <FormErrors id="buy-form-error" errors={["This transaction is already being processed.", "Stale page"]} />,
    );
    expect(html).toMatch(/^<div id="buy-form-error" role="alert"/);
    expect(html).toContain("<li>This transaction is already being processed.</li><li>Stale page</li>");
  });
});
