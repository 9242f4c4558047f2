// The open header search (loaded on first use, with fuse.js): choosing a result navigates.
import { Select } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { buildSearchPool, createSearcher, type PinyinOf } from "./header-search";
import { useShellRoutes } from "./shell-routes";

export default function SearchSelect({ onClose }: { readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pages, index } = useShellRoutes();
  const [query, setQuery] = useState("");
  const [pinyinOf, setPinyinOf] = useState<PinyinOf>();
  const chinese = i18n.language === "zh";

  // Chinese users type pinyin (spec §2): the dictionary comes only when they search.
  useEffect(() => {
    if (!chinese || pinyinOf) return;
    let live = true;
    void import("./pinyin").then((module) => live && setPinyinOf(() => module.pinyinOf));
    return () => {
      live = false;
    };
  }, [chinese, pinyinOf]);

  const search = useMemo(
    () => createSearcher(buildSearchPool(pages, index, (key) => t(key), chinese ? pinyinOf : undefined)),
    [pages, index, t, chinese, pinyinOf],
  );
  const options = search(query).map((item) => ({ value: item.path, label: item.trail.join(" > ") }));

  return (
    <Select
      className="header-search-select"
      autoFocus
      showSearch
      value={null}
      placeholder={t("shell.navbar.searchPlaceholder")}
      filterOption={false}
      searchValue={query}
      onSearch={setQuery}
      options={options}
      notFoundContent={null}
      onBlur={onClose}
      onSelect={(path: string | null) => {
        if (!path) return;
        navigate(path);
        onClose();
      }}
      aria-label={t("shell.navbar.search")}
    />
  );
}
