// The packages around a code, nearest first, up to the pallet; each opens the lookup it links to.
import { Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { LookupSectionConfig } from "../../../../schema/contract/lookup-config";
import { linkHref } from "../link-href";
import type { ValueScope } from "../value-at";

interface Node {
  readonly code: string;
  readonly level?: string | null;
}

export function HierarchySection({ section, scope }: { section: LookupSectionConfig; scope: ValueScope }) {
  const { t } = useTranslation();
  const nodes = scope.here as readonly Node[];
  return (
    <Space wrap data-testid={section.testId}>
      {nodes.map((node, index) => {
        const href = section.link && linkHref(section.link, { root: scope.root, here: node }, node.code);
        return (
          <Space key={node.code} size={4}>
            {index > 0 && <span aria-hidden>⊂</span>}
            <Tag>{node.level ? t(`enum.code_type.${node.level}`, { defaultValue: node.level }) : "?"}</Tag>
            {href ? <Link to={href}>{node.code}</Link> : node.code}
          </Space>
        );
      })}
    </Space>
  );
}
