import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ScreenHostContext, type ScreenHost } from "../screen-host";
import { useKeptFormInput, type KeptFormInput } from "./use-kept-form-input";

function keptInput(host?: ScreenHost): KeptFormInput {
  let kept: KeptFormInput | undefined;
  const Form = () => {
    kept = useKeptFormInput(undefined, {});
    return null;
  };
  renderToString(
    host ? (
      <ScreenHostContext.Provider value={host}>
        <Form />
      </ScreenHostContext.Provider>
    ) : (
      <Form />
    ),
  );
  return kept!;
}

describe("useKeptFormInput", () => {
  it("tells the page's host when the user types and when the form is saved", () => {
    const host = { showTitle: vi.fn(), markDirty: vi.fn(), findPage: vi.fn() };
    const kept = keptInput(host);
    kept.formProps.onValuesChange?.({ name: "a" }, { name: "a" });
    kept.forget();
    expect(host.markDirty.mock.calls).toEqual([[true], [false]]);
  });

  it("tells nobody outside a host", () => {
    const kept = keptInput();
    expect(() => kept.formProps.onValuesChange?.({ name: "a" }, { name: "a" })).not.toThrow();
  });
});
