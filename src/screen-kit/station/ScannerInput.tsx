// The station's one input. It keeps the focus (given back after any click elsewhere, a dialog
// closing or the window coming back), so a scanner's keys always land here. A scan is the burst of
// keys a keyboard-wedge scanner types, ended by Enter or Tab; typing by hand ends the same way.
//
// A key costs the page as little as it can, since a wedge scanner types a code's 20 keys in ~35 ms:
// - a printable key is not typed by the browser: the scanner takes it and writes what was typed into
//   the input at the next frame (scanner-typing.ts), so a burst costs one write, not an editing
//   command and a layout per key;
// - the input's key, text and caret events are handled by native listeners on the window, in its
//   capture phase, which stop them there: an event's first stop on its way down to the input, so
//   neither React's listeners at the root (capture and bubble: keydown, keypress, beforeinput,
//   textInput, input, keyup, each walking the station's tree) nor its `selectionchange` listener
//   on the document run for a key; the text is typed all the same (stopping is not preventing);
// - the placeholder is on the input only while it is empty: with it set, Chromium recalculates the
//   input's style on every key (its placeholder's visibility), not only when the text appears.
// bench/README.md, "Packing station", has the measures.
import { useEffect, useLayoutEffect, useRef } from "react";
import { placeholderWhileEmpty } from "./scanner-placeholder";
import { scannerTyping } from "./scanner-typing";

interface ScannerInputProps {
  readonly label: string;
  readonly placeholder: string;
  readonly disabled?: boolean;
  readonly onScan: (text: string) => void;
  /** Keys other than Enter and Tab (F8, F9): the station's commands. */
  readonly onCommand?: (key: string) => boolean;
}

/** What a key typed into the scanner fires at it. */
const SCANNER_EVENTS = ["keydown", "keypress", "beforeinput", "textInput", "input", "keyup", "selectionchange"];

/** Where the operator deliberately went: another field (a setup select) keeps its focus. */
const takesTyping = (element: Element | null): boolean =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));

/** A text the operator is typing into a setup field (an RMA number), not a select's search box. */
const typingText = (element: Element | null): boolean =>
  takesTyping(element) && element?.getAttribute("role") !== "combobox";

export function ScannerInput({ label, placeholder, disabled, onScan, onCommand }: ScannerInputProps) {
  const input = useRef<HTMLInputElement>(null);
  // The latest handlers, read by the native listener without re-adding it on each render.
  const handlers = useRef({ onScan, onCommand });
  useLayoutEffect(() => {
    handlers.current = { onScan, onCommand };
  });

  useEffect(() => {
    if (disabled) return;
    const refocus = () => {
      window.setTimeout(() => {
        const element = input.current;
        if (!element || document.activeElement === element || takesTyping(document.activeElement)) return;
        element.focus();
      }, 0);
    };
    // Ready as the setup's last text gets its first key: the rest of it stays in that field.
    if (!typingText(document.activeElement)) input.current?.focus();
    const listening = new AbortController();
    const { signal } = listening;
    document.addEventListener("click", refocus, { signal });
    document.addEventListener("focusin", refocus, { signal });
    window.addEventListener("focus", refocus, { signal });
    return () => listening.abort();
  }, [disabled]);

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const placeholderShown = placeholderWhileEmpty(element, placeholder);
    const typing = scannerTyping(element, placeholderShown);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        const text = typing.text();
        typing.clear();
        if (text.trim() !== "") handlers.current.onScan(text);
        return;
      }
      if (typing.take(event)) return event.preventDefault();
      typing.pass(event);
      if (handlers.current.onCommand?.(event.key)) event.preventDefault();
    };
    // Text inserted without a keydown (a character no key types, an input method's commit) must
    // come after the keys taken before it: taken too, or the keys written first.
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType === "insertText" && event.data && event.cancelable && typing.insert(event.data))
        return event.preventDefault();
      typing.flush();
    };
    const onEvent = (event: Event) => {
      if (event.target !== element) return;
      event.stopPropagation();
      if (event.type === "keydown") onKeyDown(event as KeyboardEvent);
      else if (event.type === "beforeinput") onBeforeInput(event as InputEvent);
      else if (event.type === "input") placeholderShown();
    };
    const listening = new AbortController();
    for (const type of SCANNER_EVENTS)
      window.addEventListener(type, onEvent, { capture: true, signal: listening.signal });
    return () => {
      listening.abort();
      typing.flush();
    };
  }, [placeholder]);

  return (
    <input
      ref={input}
      className="station-scanner"
      aria-label={label}
      disabled={disabled}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      onBlur={() => {
        // A blur to nowhere (a click on the page, a closed dialog) gives the focus back.
        window.setTimeout(() => {
          if (!disabled && !takesTyping(document.activeElement)) input.current?.focus();
        }, 0);
      }}
    />
  );
}
