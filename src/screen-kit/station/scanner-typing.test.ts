import { describe, expect, it } from "vitest";
import { scannerTyping, type TypedField, type TypedKey } from "./scanner-typing";

/** An input's value and caret, and the frames asked for, on plain objects (the unit tests run without a DOM). */
function fakeField(value = "") {
  const field: TypedField & { writes: number } = {
    value,
    selectionStart: value.length,
    selectionEnd: value.length,
    writes: 0,
    setSelectionRange(start, end) {
      Object.assign(this, { selectionStart: start, selectionEnd: end });
    },
  };
  let nextFrame = 1;
  const frames = new Map<number, () => void>();
  const clock = {
    request: (callback: () => void) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    },
    cancel: (handle: number) => frames.delete(handle),
  };
  const drawFrame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback();
  };
  const typing = scannerTyping(field, () => (field.writes += 1), clock);
  return { field, typing, frames, drawFrame };
}

const key = (name: string, modifiers: Partial<TypedKey> = {}): TypedKey => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...modifiers,
});

const typeAll = (typing: ReturnType<typeof scannerTyping>, text: string) =>
  [...text].map((character) => typing.take(key(character)));

describe("the scanner's typing", () => {
  it("takes a burst of printable keys and writes them into the input once, at the next frame", () => {
    const { field, typing, frames, drawFrame } = fakeField();
    expect(typeAll(typing, "0105")).toEqual([true, true, true, true]);
    expect(field.value, "nothing written before the frame").toBe("");
    expect(typing.text()).toBe("0105");
    expect(frames.size, "one frame asked for the burst").toBe(1);
    drawFrame();
    expect(field.value).toBe("0105");
    expect(field.writes).toBe(1);
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  });

  it("leaves to the browser the keys it edits with, modified keys and an input method's", () => {
    const { typing } = fakeField();
    for (const name of ["Backspace", "ArrowLeft", "Enter", "Tab", "F8", "Process", "Dead", "Unidentified"])
      expect(typing.take(key(name)), name).toBe(false);
    expect(typing.take(key("v", { ctrlKey: true }))).toBe(false);
    expect(typing.take(key("v", { metaKey: true }))).toBe(false);
    expect(typing.take(key("a", { altKey: true }))).toBe(false);
    expect(typing.take(key("a", { isComposing: true }))).toBe(false);
    expect(typing.take(key("A")), "a capital (Shift) is typed").toBe(true);
    expect(typing.take(key("条")), "a character beyond Latin").toBe(true);
  });

  it("types at the caret the operator left, and over a selection", () => {
    const { field, typing, drawFrame } = fakeField("0199");
    field.setSelectionRange(2, 2);
    typeAll(typing, "23");
    drawFrame();
    expect(field.value).toBe("012399");
    expect(field.selectionStart).toBe(4);
    field.setSelectionRange(0, 6);
    typeAll(typing, "7");
    expect(typing.text()).toBe("7");
  });

  it("writes the keys taken before a key the browser edits with, not before a modifier alone", () => {
    const { field, typing, frames } = fakeField();
    typeAll(typing, "012");
    for (const name of ["Shift", "CapsLock", "Control"]) typing.pass(key(name));
    expect(field.value, "a scanner's Shift around a capital writes nothing").toBe("");
    typing.pass(key("Backspace"));
    expect(field.value).toBe("012");
    expect(frames.size, "the frame's write is called off").toBe(0);
    typing.flush();
    expect(field.writes, "nothing left to write").toBe(1);
  });

  it("puts text inserted without a key (a group separator, an input method's commit) after the keys not yet written", () => {
    const { field, typing, drawFrame } = fakeField();
    expect(typing.insert("\u001d"), "nothing waiting: the browser inserts it").toBe(false);
    typeAll(typing, "21ABC");
    expect(typing.insert("\u001d")).toBe(true);
    typeAll(typing, "10");
    drawFrame();
    expect(field.value).toBe("21ABC\u001d10");
  });

  it("clears the input and the keys not yet written, so a frame after the scan writes nothing back", () => {
    const { field, typing, drawFrame } = fakeField();
    typeAll(typing, "0105");
    expect(typing.text()).toBe("0105");
    typing.clear();
    drawFrame();
    expect(field.value).toBe("");
    expect(typing.text()).toBe("");
    typeAll(typing, "9");
    drawFrame();
    expect(field.value).toBe("9");
  });
});
