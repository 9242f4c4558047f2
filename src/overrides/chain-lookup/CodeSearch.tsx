// The code input of 码查询 and 箱码查询: searches on enter and keeps the code in the address (?code=),
// so a lookup can be linked to, reloaded and reached from another lookup.
import { Input } from "antd";
import { useTranslation } from "react-i18next";

export function CodeSearch({
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
      placeholder={t("overrides.chainLookup.placeholder")}
      loading={loading}
      onSearch={(value) => onSearch(value.trim())}
      style={{ maxWidth: 520 }}
    />
  );
}
