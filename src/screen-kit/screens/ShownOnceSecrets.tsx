// The secrets an answer shows once (schema/contract/shown-once.ts), in the dialog an action opens:
// each value copyable, and the warning that the server cannot show it again.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

export function ShownOnceSecrets({ secrets }: { secrets: readonly (readonly [string, string])[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{t("screens.list.shownOnceBody")}</Typography.Paragraph>
      {secrets.map(([name, value]) => (
        <Typography.Paragraph key={name}>
          <Typography.Text code copyable data-testid="shown-once-secret" style={{ wordBreak: "break-all" }}>
            {value}
          </Typography.Text>
        </Typography.Paragraph>
      ))}
    </>
  );
}
