// spec §2 sizes onto antd: default → large, medium → middle (antd's normal), small → small,
// mini → small with the compact algorithm.
import type { SizeName } from "../settings";

export interface AntdSize {
  readonly componentSize: "large" | "middle" | "small";
  readonly compact: boolean;
}

const MAP: Readonly<Record<SizeName, AntdSize>> = {
  default: { componentSize: "large", compact: false },
  medium: { componentSize: "middle", compact: false },
  small: { componentSize: "small", compact: false },
  mini: { componentSize: "small", compact: true },
};

export const antdSize = (size: SizeName): AntdSize => MAP[size];
