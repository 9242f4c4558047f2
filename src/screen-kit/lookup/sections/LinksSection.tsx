// Links to other screens, each with its title (a list filtered to this code's work order, ...).
import { Space } from "antd";
import type { LookupSectionConfig } from "../../../../schema/contract/lookup-config";
import { LookupLink } from "../LookupLink";
import type { ValueScope } from "../value-at";

export function LinksSection({
  section,
  scope,
  code,
}: {
  section: LookupSectionConfig;
  scope: ValueScope;
  code: string;
}) {
  return (
    <Space wrap data-testid={section.testId}>
      {section.links.map((link, index) => (
        <LookupLink key={index} link={link} scope={scope} code={code} />
      ))}
    </Space>
  );
}
