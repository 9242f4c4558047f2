// The packages around a code, nearest first, up to the pallet; each opens its own contents.
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CodeDetailData } from "../../api/generated/calls.gen";

type ChainLink = CodeDetailData["parents"][number];

export function ParentChain({ parents, packagePath }: { parents: readonly ChainLink[]; packagePath: string }) {
  const { t } = useTranslation();
  if (!parents.length)
    return <Typography.Text type="secondary">{t("overrides.chainLookup.noParents")}</Typography.Text>;
  return (
    <Space wrap data-testid="parent-chain">
      {parents.map((parent, index) => (
        <Space key={parent.code} size={4}>
          {index > 0 && <span aria-hidden>⊂</span>}
          <Tag>{parent.level ? t(`enum.code_type.${parent.level}`) : "?"}</Tag>
          <Link to={`${packagePath}?code=${encodeURIComponent(parent.code)}`}>{parent.code}</Link>
        </Space>
      ))}
    </Space>
  );
}
