// A small /home tree in the generated shape, for the layout's unit tests.
import type { MenuRoute, RouteMeta } from "../screen-kit/routing/route-types";

const meta = (name: string, roles: string[] = [name], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  titleKey: `menu.${name}`,
  roles,
  affix: false,
  noCache: false,
  ...extra,
});

const leaf = (name: string, path: string, extra: Partial<MenuRoute> = {}, roles?: string[]): MenuRoute => ({
  name,
  path,
  hidden: false,
  alwaysShow: false,
  meta: meta(name, roles),
  children: [],
  ...extra,
});

export const fixtureTree: MenuRoute = {
  ...leaf("home", "/home", {}, [
    "base",
    "productlist",
    "productpages",
    "store",
    "report",
    "check",
    "supervise",
    "docs",
    "repeatedquery",
  ]),
  meta: meta(
    "home",
    ["base", "productlist", "productpages", "store", "report", "check", "supervise", "docs", "repeatedquery"],
    { icon: "HomeOutlined" },
  ),
  children: [
    {
      ...leaf("base", "/home/base", {}, ["base", "productlist", "productpages", "store"]),
      alwaysShow: true,
      children: [
        {
          ...leaf("product", "/home/base/product", {}, ["productlist", "productpages"]),
          children: [
            leaf("productlist", "/productlist"),
            leaf("productpages", "/productpages", {
              hidden: true,
              meta: meta("productpages", ["productpages"], { activeMenu: "/productlist" }),
            }),
          ],
        },
        leaf("store", "/store"),
      ],
    },
    {
      ...leaf("report", "/home/report", {}, ["report", "check", "supervise"]),
      meta: meta("report", ["report", "check", "supervise"], { icon: "BarChartOutlined" }),
      children: [
        {
          ...leaf("check", "/check", {}, ["check", "supervise"]),
          meta: meta("check", ["check", "supervise"], { icon: "EyeOutlined" }),
          children: [leaf("supervise", "/supervise")],
        },
      ],
    },
    leaf("docs", "/home/docs", { link: "https://example.com/docs" }),
    leaf("repeatedquery", "/repeatedquery", {}, []),
  ],
};
