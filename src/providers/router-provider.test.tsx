// The console's router provider answers refine's parse exactly as refine's own react-router
// bindings do, with the route match shared by every hook.
import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { consoleRouterProvider, sharedRouteMatch } from "./router-provider";

const resources: ResourceProps[] = [
  { name: "store", list: "/store", create: "/store/create", edit: "/store/edit/:id", show: "/store/show/:id" },
  { name: "stafflist", list: "/stafflist", edit: "/stafflist/edit/:id" },
  { name: "orders", list: "/production/orders", clone: "/production/orders/clone/:id" },
];

function parsedBoth(address: string, routePath?: string): [unknown, unknown] {
  const answers: unknown[] = [];
  function Probe() {
    answers.push(routerProvider.parse!()(), consoleRouterProvider.parse!()());
    return null;
  }
  renderToString(
    <MemoryRouter initialEntries={[address]}>
      <Refine routerProvider={routerProvider} resources={resources} options={{ disableTelemetry: true }}>
        {routePath ? (
          <Routes>
            <Route path={routePath} element={<Probe />} />
          </Routes>
        ) : (
          <Probe />
        )}
      </Refine>
    </MemoryRouter>,
  );
  return [answers[0], answers[1]];
}

describe("consoleRouterProvider.parse", () => {
  it.each([
    ["/store"],
    ["/store/create"],
    ["/store/edit/12"],
    ["/store/show/a%2Fb"],
    ["/stafflist?currentPage=2&pageSize=20&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=1"],
    ["/production/orders/clone/7?to=%2Fstore%3Fa%3D1"],
    ["/stafflist?currentPage=02&pageSize=x"],
    ["/unknown/place?currentPage=3"],
  ])("answers %s as refine's own bindings do", (address) => {
    const [refine, ours] = parsedBoth(address);
    expect(ours).toEqual(refine);
  });

  it("takes the router's own params when a route matched", () => {
    const [refine, ours] = parsedBoth("/store/edit/42?currentPage=1", "/store/edit/:id");
    expect(ours).toEqual(refine);
    expect(ours).toMatchObject({ resource: { name: "store" }, action: "edit", id: "42" });
  });
});

describe("sharedRouteMatch", () => {
  it("works out a match once per resource list and address", () => {
    const list = resources.map((resource) => ({ ...resource }));
    const first = sharedRouteMatch("/store/edit/1", list);
    expect(first.action).toBe("edit");
    expect(sharedRouteMatch("/store/edit/1", list)).toBe(first);
    expect(sharedRouteMatch("/store/edit/1", [...list])).not.toBe(first); // a new list (a manifest save) matches again
    expect(sharedRouteMatch("/store/edit/2", list)).not.toBe(first);
  });
});
