// Menu icons: the generated set (only what the manifest names) plus the shell's own.
import { DashboardOutlined } from "@ant-design/icons";
import type { ComponentType } from "react";
import { icons } from "../generated/icons.gen";

const shellIcons: Readonly<Record<string, ComponentType>> = { DashboardOutlined };

/**
 * `import X from "@ant-design/icons/X"` is CommonJS; in an ESM build its default import can be the
 * module object ({ default: X }) rather than the component. Take the component either way.
 */
function component(icon: unknown): ComponentType | undefined {
  if (icon && typeof icon === "object" && "default" in icon && !("$$typeof" in icon)) {
    return (icon as { default: ComponentType }).default;
  }
  return icon as ComponentType | undefined;
}

export function MenuIcon({ name }: { readonly name?: string }) {
  const Icon = name ? component(icons[name] ?? shellIcons[name]) : undefined;
  return Icon ? <Icon /> : null;
}
