// A colour field holds a hex string such as #1890ff.
import { ColorPicker } from "antd";

interface ColorInputProps {
  id?: string;
  value?: string | null;
  onChange?: (hex: string | null) => void;
  disabled?: boolean;
}

/** The server's colour format is #rrggbb (schema/contract/patterns.ts): any alpha the picker adds is dropped. */
export const toOpaqueHex = (hex: string): string => hex.slice(0, 7);

export function ColorInput({ id, value, onChange, disabled }: ColorInputProps) {
  return (
    <span id={id}>
      <ColorPicker
        value={value || undefined}
        disabled={disabled}
        showText
        allowClear
        format="hex"
        onChange={(color) => onChange?.(toOpaqueHex(color.toHexString()))}
        onClear={() => onChange?.(null)}
      />
    </span>
  );
}
