// An image field holds a URL; the thumbnail previews it.
import { Flex, Image, Input } from "antd";
import { useTranslation } from "react-i18next";

interface ImageInputProps {
  id?: string;
  value?: string | null;
  onChange?: (url: string | null) => void;
  disabled?: boolean;
}

export const isImageUrl = (value: unknown): value is string =>
  typeof value === "string" && /^(https?:\/\/|\/)/.test(value);

export function ImageInput({ id, value, onChange, disabled }: ImageInputProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <Input
        id={id}
        value={value ?? ""}
        disabled={disabled}
        allowClear
        placeholder={t("screens.image.placeholder")}
        onChange={(event) => onChange?.(event.target.value || null)}
      />
      {isImageUrl(value) && (
        <Image src={value} alt={t("screens.image.preview")} width={40} height={40} style={{ objectFit: "cover" }} />
      )}
    </Flex>
  );
}
