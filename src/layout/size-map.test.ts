import { describe, expect, it } from "vitest";
import { DEFAULT_SIZE, SIZES } from "../settings";
import { antdSize } from "./size-map";

describe("spec §2 size selector", () => {
  it("offers default, medium, small and mini, medium by default", () => {
    expect(SIZES).toEqual(["default", "medium", "small", "mini"]);
    expect(DEFAULT_SIZE).toBe("medium");
  });
  it("maps onto antd's sizes and compact algorithm", () => {
    expect(antdSize("default")).toEqual({ componentSize: "large", compact: false });
    expect(antdSize("medium")).toEqual({ componentSize: "middle", compact: false });
    expect(antdSize("small")).toEqual({ componentSize: "small", compact: false });
    expect(antdSize("mini")).toEqual({ componentSize: "small", compact: true });
  });
});
