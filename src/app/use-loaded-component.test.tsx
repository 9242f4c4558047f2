import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { loadComponent, useLoadedComponent } from "./use-loaded-component";

const Page = () => <b>page</b>;

function Host({ name, load }: { name: string; load: () => Promise<{ default: typeof Page }> }) {
  const Screen = useLoadedComponent(name, load);
  // eslint-disable-next-line react-hooks/static-components -- one component per chunk, held in the hook's state: its identity never changes
  return Screen ? <Screen /> : <i>loading</i>;
}

describe("useLoadedComponent", () => {
  it("loads a chunk once per key, and renders it at once when it is already loaded", async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    expect(renderToString(<Host name="once" load={load} />)).toBe("<i>loading</i>");
    await loadComponent("once", load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(renderToString(<Host name="once" load={load} />)).toBe("<b>page</b>");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so asking again loads again", async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockResolvedValueOnce({ default: Page });
    await expect(loadComponent("retry", load)).rejects.toThrow("chunk failed");
    await expect(loadComponent("retry", load)).resolves.toBe(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
