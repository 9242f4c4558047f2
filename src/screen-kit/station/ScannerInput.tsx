// The station's one input. It keeps the focus (given back after any click elsewhere, a dialog
// closing or the window coming back), so a scanner's keys always land here. A scan is the burst of
// keys a keyboard-wedge scanner types, ended by Enter or Tab; typing by hand ends the same way.
import { useEffect, useRef, type KeyboardEvent } from "react";

interface ScannerInputProps {
  readonly label: string;
  readonly placeholder: string;
  readonly disabled?: boolean;
  readonly onScan: (text: string) => void;
  /** Keys other than Enter and Tab (F8, F9): the station's commands. */
  readonly onCommand?: (key: string) => boolean;
}

/** Where the operator deliberately went: another field (a setup select) keeps its focus. */
const takesTyping = (element: Element | null): boolean =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));

/** A text the operator is typing into a setup field (an RMA number), not a select's search box. */
const typingText = (element: Element | null): boolean =>
  takesTyping(element) && element?.getAttribute("role") !== "combobox";

export function ScannerInput({ label, placeholder, disabled, onScan, onCommand }: ScannerInputProps) {
  const input = useRef<HTMLInputElement>(null);

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
    document.addEventListener("click", refocus);
    document.addEventListener("focusin", refocus);
    window.addEventListener("focus", refocus);
    return () => {
      document.removeEventListener("click", refocus);
      document.removeEventListener("focusin", refocus);
      window.removeEventListener("focus", refocus);
    };
  }, [disabled]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      const text = event.currentTarget.value;
      event.currentTarget.value = "";
      if (text.trim() !== "") onScan(text);
      return;
    }
    if (onCommand?.(event.key)) event.preventDefault();
  };

  return (
    <input
      ref={input}
      className="station-scanner"
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      onKeyDown={onKeyDown}
      onBlur={() => {
        // A blur to nowhere (a click on the page, a closed dialog) gives the focus back.
        window.setTimeout(() => {
          if (!disabled && !takesTyping(document.activeElement)) input.current?.focus();
        }, 0);
      }}
    />
  );
}
