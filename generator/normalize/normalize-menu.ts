// The /home tree: full paths, role keys, screens and buttons, with every default filled.
import type { YamlSource } from "../load/yaml-source";
import type { ButtonModel, MenuModel, ScreenModel } from "../model/model";
import type { View } from "../../schema/contract/vocabulary";
import { pointerOf } from "../problems";
import { ProblemSink, unique } from "./context";
import { lookupOf } from "./lookup";
import { checkFinishButtons, stationOf } from "./station";
import { DEFAULT_BUTTONS, ROOT_PATH, STANDARD_ACTIONS, STANDARD_ACTION_TITLES, VIEWS_OF_KIND } from "./defaults";
import type { RawButton, RawMenu, RawResource } from "../../schema/contract/manifest.gen";

export interface MenuInput {
  readonly source: YamlSource;
  readonly root: RawMenu;
  readonly resources: ReadonlyMap<string, RawResource>;
  readonly icons: ReadonlySet<string>;
  readonly overrideExists: (component: string) => boolean;
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${parent.replace(/\/$/, "")}/${path}`;
}

export function normalizeMenu(input: MenuInput, sink: ProblemSink): MenuModel {
  const { source, resources, icons } = input;
  const names = new Map<string, string>();
  const paths = new Map<string, string>();
  const codes = new Map<string, string>();

  function screenOf(raw: RawMenu, pointer: string): ScreenModel | undefined {
    const screen = raw.screen;
    if (!screen) return undefined;
    if (screen.kind === "override") {
      if (screen.resource && !resources.has(screen.resource))
        sink.add(
          source,
          `${pointer}/screen/resource`,
          `resource '${screen.resource}' does not exist in schema/resources/`,
        );
      if (!input.overrideExists(screen.component!))
        sink.add(
          source,
          `${pointer}/screen/component`,
          `override component src/overrides/${screen.component}.tsx does not exist`,
        );
      (screen.uses ?? []).forEach((name, index) => {
        if (!resources.has(name))
          sink.add(source, `${pointer}/screen/uses/${index}`, `resource '${name}' does not exist in schema/resources/`);
      });
      return {
        kind: "override",
        component: screen.component,
        resource: screen.resource,
        uses: screen.uses ?? [],
        views: ["list"],
      };
    }
    if (screen.uses) sink.add(source, `${pointer}/screen/uses`, `'uses' is only for override screens`, true);
    if (screen.component)
      sink.add(source, `${pointer}/screen/component`, `'component' is only for override screens`, true);
    const resource = resources.get(screen.resource!);
    if (!resource) {
      sink.add(
        source,
        `${pointer}/screen/resource`,
        `resource '${screen.resource}' does not exist in schema/resources/`,
      );
    } else if (screen.kind === "report" && !resource.report) {
      sink.add(
        source,
        `${pointer}/screen/resource`,
        `report screen needs a report resource; '${resource.name}' has no 'report'`,
      );
    } else if (screen.kind === "tree" && !resource.tree) {
      sink.add(
        source,
        `${pointer}/screen/resource`,
        `tree screen needs a resource with 'tree'; '${resource.name}' has none`,
      );
    } else if (screen.kind === "form" && !resource.singleton) {
      sink.add(
        source,
        `${pointer}/screen/resource`,
        `form screen needs a singleton resource; '${resource.name}' is not`,
      );
    }
    if (screen.station && screen.kind !== "station")
      sink.add(source, `${pointer}/screen/station`, `'station' is only for station screens`, true);
    if (screen.lookup && screen.kind !== "lookup")
      sink.add(source, `${pointer}/screen/lookup`, `'lookup' is only for lookup screens`, true);
    if (screen.kind === "lookup") {
      const lookup = lookupOf(screen, raw.name, resources, source, pointer, sink);
      return { kind: "lookup", resource: screen.resource, uses: [], views: ["list"], ...(lookup ? { lookup } : {}) };
    }
    if (screen.kind === "station") {
      const station = resource ? stationOf(screen, resources, source, pointer, sink) : undefined;
      // The undo's and the finish's resources are written under this menu's buttons too.
      const uses = unique(
        [station?.undo?.resource, station?.finish?.resource].filter(
          (name): name is string => name !== undefined && name !== screen.resource,
        ),
      );
      return { kind: "station", resource: screen.resource, uses, views: ["list"], ...(station ? { station } : {}) };
    }
    const allowed = VIEWS_OF_KIND[screen.kind];
    const views: View[] = screen.views ?? [...allowed];
    views.forEach((view, index) => {
      if (!allowed.includes(view))
        sink.add(
          source,
          `${pointer}/screen/views/${index}`,
          `a ${screen.kind} screen has no '${view}' view (allowed: ${allowed.join(", ")})`,
        );
    });
    return { kind: screen.kind, resource: screen.resource, uses: [], views };
  }

  function buttonsOf(raw: RawMenu, screen: ScreenModel | undefined, pointer: string): ButtonModel[] {
    const resource = screen?.resource ? resources.get(screen.resource) : undefined;
    const declared: RawButton[] =
      raw.buttons ??
      (screen && screen.kind !== "override"
        ? DEFAULT_BUTTONS[screen.kind].map(({ action, suffix }) => ({ code: `${raw.name}_${suffix}`, action }))
        : []);
    return declared.map((button, index) => {
      const at = `${pointer}/buttons/${index}`;
      const previous = codes.get(button.code);
      if (previous) sink.add(source, `${at}/code`, `duplicate button code '${button.code}' (also at ${previous})`);
      else codes.set(button.code, at);
      // A station's finish is an action of another resource: its button is this menu's.
      const finishing = screen?.station?.finish;
      const custom =
        resource?.actions?.[button.action] ??
        (finishing?.action === button.action ? resources.get(finishing.resource)?.actions?.[button.action] : undefined);
      const standard = (STANDARD_ACTIONS as readonly string[]).includes(button.action);
      if (!standard && !custom)
        sink.add(
          source,
          `${at}/action`,
          `unknown action '${button.action}': use create, edit, delete, export` +
            (resource ? ` or an action of resource '${resource.name}'` : ""),
        );
      const title = button.title ??
        custom?.title ??
        STANDARD_ACTION_TITLES[button.action as keyof typeof STANDARD_ACTION_TITLES] ?? {
          zh: button.action,
          en: button.action,
          es: button.action,
          ja: button.action,
        };
      return { code: button.code, action: button.action, menu: raw.name, titleKey: `button.${button.code}`, title };
    });
  }

  function walk(
    raw: RawMenu,
    parentPath: string,
    parent: string | undefined,
    depth: number,
    pointer: string,
  ): MenuModel {
    const fullPath = parent === undefined ? joinPath(ROOT_PATH, raw.path) : joinPath(parentPath, raw.path);
    const seenName = names.get(raw.name);
    if (seenName)
      sink.add(
        source,
        `${pointer}/name`,
        `duplicate route name '${raw.name}' (also at ${seenName}); route names are role keys and must be unique`,
      );
    else names.set(raw.name, pointer);
    const seenPath = paths.get(fullPath);
    if (seenPath) sink.add(source, `${pointer}/path`, `duplicate path '${fullPath}' (also at ${seenPath})`);
    else paths.set(fullPath, pointer);
    if (raw.icon && !icons.has(raw.icon))
      sink.add(source, `${pointer}/icon`, `unknown icon '${raw.icon}': not an @ant-design/icons component`);
    if (raw.screen && raw.children)
      sink.add(source, `${pointer}/screen`, `a menu entry has either a screen or children, not both`, true);
    if (!raw.screen && !raw.children && !raw.link)
      sink.add(source, pointer, `a menu entry needs a screen, children or a link`);
    const screen = screenOf(raw, pointer);
    const buttons = buttonsOf(raw, screen, pointer);
    const children = (raw.children ?? []).map((child, index) =>
      walk(child, fullPath, raw.name, depth + 1, `${pointer}/children/${index}`),
    );
    const descendantRoles = children.flatMap((child) => child.roles);
    const anyOpenChild = children.some((child) => child.roles.length === 0);
    const roles = raw.open || anyOpenChild ? [] : unique([raw.name, ...descendantRoles]);
    return {
      name: raw.name,
      specName: raw.specName,
      sourcePointer: pointer,
      path: raw.path,
      fullPath,
      titleKey: `menu.${raw.name}`,
      title: raw.title,
      ...(raw.shortTitle
        ? { shortTitle: { key: `menuShort.${raw.name}`, text: { ...raw.title, ...raw.shortTitle } } }
        : {}),
      icon: raw.icon,
      hidden: raw.hidden ?? false,
      noCache: raw.noCache ?? false,
      affix: raw.affix ?? false,
      alwaysShow: raw.alwaysShow ?? false,
      activeMenu: raw.activeMenu,
      redirect: raw.redirect,
      link: raw.link,
      roles,
      parent,
      depth,
      screen,
      buttons,
      children,
    };
  }

  const root = walk(input.root, ROOT_PATH, undefined, 0, pointerOf(["menu"]));
  // activeMenu and redirect must name a page that exists
  const all = flatten(root);
  checkFinishButtons(all, source, sink);
  for (const menu of all) {
    for (const key of ["activeMenu", "redirect"] as const) {
      const target = menu[key];
      if (target && !paths.has(target))
        sink.add(source, `${menu.sourcePointer}/${key}`, `'${target}' is not the full path of any menu entry`);
    }
  }
  return root;
}

export function flatten(menu: MenuModel): MenuModel[] {
  return [menu, ...menu.children.flatMap(flatten)];
}
