import { describe, expect, it } from "vitest";
import { placeholderWhileEmpty } from "./scanner-placeholder";

/** The attribute calls of an input, on a plain object (the unit tests run without a DOM). */
function fakeInput(value = "") {
  const attributes = new Map<string, string>();
  const writes: string[] = [];
  const input = {
    value,
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hasAttribute: (name: string) => attributes.has(name),
    setAttribute: (name: string, next: string) => {
      writes.push(`set ${name}`);
      attributes.set(name, next);
    },
    removeAttribute: (name: string) => {
      writes.push(`remove ${name}`);
      attributes.delete(name);
    },
  };
  return { input, attributes, writes, element: input as unknown as HTMLInputElement };
}

describe("the scanner's placeholder", () => {
  it("is on the input while it is empty and off while it holds text", () => {
    const { input, attributes, element } = fakeInput();
    const update = placeholderWhileEmpty(element, "Scan a box");
    expect(attributes.get("placeholder")).toBe("Scan a box");
    input.value = "0";
    update();
    expect(attributes.has("placeholder")).toBe(false);
    input.value = "";
    update();
    expect(attributes.get("placeholder")).toBe("Scan a box");
  });

  it("touches the attribute only when the input turns empty or filled, not on every key", () => {
    const { input, writes, element } = fakeInput();
    const update = placeholderWhileEmpty(element, "Scan a box");
    for (const text of ["0", "01", "012", "0123"]) {
      input.value = text;
      update();
    }
    expect(writes).toEqual(["set placeholder", "remove placeholder"]);
  });

  it("starts without the placeholder on an input that already holds text", () => {
    const { attributes, element } = fakeInput("ABC");
    placeholderWhileEmpty(element, "Scan a box");
    expect(attributes.has("placeholder")).toBe(false);
  });
});
