import { beforeEach, describe, expect, it, vi } from "vitest";

const today = vi.fn();
vi.mock("../../api/generated/calls.gen", () => ({ dashboardToday: () => today() }));
const ahead = await import("./figures-ahead");

const FIGURES = { codes_generated: 3 } as never;
const settle = () => new Promise((done) => setTimeout(done, 0));

describe("the dashboard's figures asked for with the sign-in", () => {
  beforeEach(() => {
    today.mockReset();
    void ahead.takeFiguresAhead(); // nothing left from the last test
  });

  it("asks for the business day's figures once; the dashboard reads the answer, then takes it", async () => {
    today.mockResolvedValue(FIGURES);
    ahead.askFiguresAhead(1_000);
    expect(today).toHaveBeenCalledTimes(1);
    expect(ahead.figuresAheadIfCome(1_001)).toBeUndefined(); // not come yet
    await settle();
    expect(ahead.figuresAheadIfCome(1_002)).toBe(FIGURES);
    expect(ahead.figuresAheadIfCome(1_003)).toBe(FIGURES); // reading does not take
    await expect(ahead.takeFiguresAhead(1_004)).resolves.toBe(FIGURES);
    expect(ahead.takeFiguresAhead(1_005)).toBeUndefined(); // the next visit asks afresh
    expect(today).toHaveBeenCalledTimes(1);
  });

  it("hands over a call still out, so the dashboard does not ask twice", async () => {
    let answer: (value: unknown) => void = () => undefined;
    today.mockReturnValue(new Promise((done) => (answer = done)));
    ahead.askFiguresAhead(0);
    const taken = ahead.takeFiguresAhead(5);
    expect(taken).toBeDefined();
    answer(FIGURES);
    await expect(taken).resolves.toBe(FIGURES);
  });

  it("forgets figures older than a sign-in's, and a failed call", async () => {
    today.mockResolvedValue(FIGURES);
    ahead.askFiguresAhead(0);
    await settle();
    expect(ahead.figuresAheadIfCome(ahead.FRESH_MS)).toBeUndefined();
    expect(ahead.takeFiguresAhead(ahead.FRESH_MS)).toBeUndefined();

    today.mockRejectedValue(new Error("down"));
    ahead.askFiguresAhead(0);
    await settle();
    expect(ahead.takeFiguresAhead(1)).toBeUndefined();
  });

  it("is asked for only when the sign-in lands on the dashboard", () => {
    expect(ahead.landsOnDashboard("/")).toBe(true);
    expect(ahead.landsOnDashboard("/dashboard")).toBe(true);
    expect(ahead.landsOnDashboard("/dashboard?x=1")).toBe(true);
    expect(ahead.landsOnDashboard("/store")).toBe(false);
    expect(ahead.landsOnDashboard("/dashboards")).toBe(false);
  });
});
