// The code input of a lookup: searches on enter and keeps the code in the address (?code=), so a
// lookup can be linked to, reloaded and reached from another. What a scanner types (a GS1 Digital
// Link, an element string, the console's own consumer URL) is read as the code it names, by the
// stations' rules (src/utils/scanned-code.ts).
import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { readScannedCode } from "../../utils/scanned-code";

export function LookupSearch({
  code,
  loading,
  onSearch,
}: {
  code: string;
  loading: boolean;
  onSearch: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={code}
      allowClear
      defaultValue={code}
      enterButton={t("screens.common.search")}
      placeholder={t("screens.lookup.placeholder")}
      loading={loading}
      onSearch={(value) => onSearch(readScannedCode(value).code)}
      style={{ maxWidth: 520 }}
    />
  );
}
