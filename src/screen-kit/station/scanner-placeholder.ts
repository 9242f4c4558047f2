// The scanner's placeholder, set on the input only while it is empty. Chromium recalculates an
// input's style on every key while it has a placeholder attribute (the placeholder's visibility is
// updated on each change of value), so with the attribute kept the station paid a style recalc per
// key; shown only when empty, the operator sees the same thing and a typed key changes no style.

/** Puts the placeholder on an empty input and takes it off a filled one; call after each change of value. */
export function placeholderWhileEmpty(input: HTMLInputElement, placeholder: string): () => void {
  const update = () => {
    const empty = input.value === "";
    if (empty && input.getAttribute("placeholder") !== placeholder) input.setAttribute("placeholder", placeholder);
    else if (!empty && input.hasAttribute("placeholder")) input.removeAttribute("placeholder");
  };
  update();
  return update;
}
