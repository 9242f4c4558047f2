// A link of a lookup to another screen, with its own title; a link to a create form shows only to
// who may create there (the form's create button, spec §6).
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { LookupLinkConfig } from "../../../schema/contract/lookup-config";
import { Permission } from "../../permission/Permission";
import { linkHref } from "./link-href";
import type { ValueScope } from "./value-at";

export function LookupLink({ link, scope, code }: { link: LookupLinkConfig; scope: ValueScope; code: string }) {
  const { t } = useTranslation();
  const href = linkHref(link, scope, code);
  if (!href) return null;
  const anchor = (
    <Link to={href} data-testid={link.testId}>
      {link.titleKey ? t(link.titleKey) : href}
    </Link>
  );
  return link.kind === "create" && link.permission ? (
    <Permission codes={[link.permission]}>{anchor}</Permission>
  ) : (
    anchor
  );
}
