// Menu icons: the generated set (only what the manifest names) plus the shell's own.
import { DashboardOutlined } from "@ant-design/icons";
import type { ComponentType } from "react";
import { icons } from "../generated/icons.gen";

const shellIcons: Readonly<Record<string, ComponentType>> = { DashboardOutlined };

export function MenuIcon({ name }: { readonly name?: string }) {
  const Icon = name ? (icons[name] ?? shellIcons[name]) : undefined;
  return Icon ? <Icon /> : null;
}
