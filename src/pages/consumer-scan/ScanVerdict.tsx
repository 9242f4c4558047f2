// spec §2 /m/q/:qrcode: the verdict a consumer reads first. Genuine only on the first query; a
// repeated query or an unknown code carries a counterfeit caution.
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../settings";
import type { ScanAnswer, ScanResult } from "./scan-api";
import { formatDateTime, localeTag } from "./scan-format";

const LOOK: Readonly<Record<ScanResult, { readonly tone: string; readonly icon: ReactNode }>> = {
  genuine: { tone: "ok", icon: <CheckCircleFilled /> },
  repeated: { tone: "warn", icon: <ExclamationCircleFilled /> },
  not_found: { tone: "bad", icon: <CloseCircleFilled /> },
};

export function ScanVerdict({ answer }: { readonly answer: ScanAnswer }) {
  const { t, i18n } = useTranslation();
  const locale = localeTag(i18n.language as Language, navigator.languages ?? []);
  const { tone, icon } = LOOK[answer.result];
  let title: string;
  let lines: string[];
  let caution: string | undefined;
  if (answer.result === "genuine") {
    title = t("consumerScan.result.genuineTitle");
    lines = [t("consumerScan.result.genuineText")];
  } else if (answer.result === "repeated") {
    title = t("consumerScan.result.repeatedTitle", { count: answer.scan_index });
    lines = answer.first_scan_at
      ? [t("consumerScan.result.repeatedFirst", { time: formatDateTime(answer.first_scan_at, locale) })]
      : [];
    caution = t("consumerScan.result.repeatedCaution");
  } else {
    title = t("consumerScan.result.notFoundTitle");
    lines = [t("consumerScan.result.notFoundText")];
    caution = t("consumerScan.result.notFoundCaution");
  }
  return (
    <section
      className={`public-scan-card scan-verdict scan-verdict-${tone}`}
      data-verdict={answer.result}
      role="status"
    >
      <div className="scan-verdict-icon" aria-hidden>
        {icon}
      </div>
      <h1>{title}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {caution && (
        <p className="scan-verdict-caution">
          <WarningOutlined aria-hidden /> {caution}
        </p>
      )}
    </section>
  );
}
