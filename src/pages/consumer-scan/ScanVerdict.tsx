// spec §2 /m/q/:qrcode: the verdict a consumer reads first. It follows the code's
// state: genuine only on the first query of a code that left the warehouse for a dealer; a repeated
// query says how often and since when, above the threshold as a strong counterfeit caution; a code
// never activated, voided, returned or never shipped says so; a mistyped code is told apart from
// one nobody issued.
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../settings";
import type { ScanAnswer, ScanResult } from "./scan-api";
import { formatDateTime, localeTag } from "./scan-format";
import { TemplateMessage } from "./ScanTemplate";

type Tone = "ok" | "warn" | "bad";
const ICONS: Readonly<Record<Tone, ReactNode>> = {
  ok: <CheckCircleFilled />,
  warn: <ExclamationCircleFilled />,
  bad: <CloseCircleFilled />,
};

/** Each verdict's tone and its message keys under consumerScan.result (title, text, caution). */
const VERDICTS: Readonly<Record<ScanResult, { readonly tone: Tone; readonly key: string; readonly caution: boolean }>> =
  {
    genuine: { tone: "ok", key: "genuine", caution: false },
    repeated: { tone: "warn", key: "repeated", caution: true },
    over_threshold: { tone: "bad", key: "over", caution: true },
    not_found: { tone: "bad", key: "notFound", caution: true },
    bad_check: { tone: "warn", key: "badCheck", caution: false },
    not_activated: { tone: "bad", key: "notActivated", caution: true },
    voided: { tone: "bad", key: "voided", caution: true },
    returned: { tone: "warn", key: "returned", caution: true },
    in_stock: { tone: "warn", key: "inStock", caution: true },
  };

export function ScanVerdict({ answer }: { readonly answer: ScanAnswer }) {
  const { t, i18n } = useTranslation();
  const locale = localeTag(i18n.language as Language, navigator.languages ?? []);
  const { tone, key, caution } = VERDICTS[answer.result];
  const values = { count: answer.scan_index, threshold: answer.threshold };
  const lines =
    answer.result === "repeated"
      ? answer.first_scan_at
        ? [t("consumerScan.result.repeatedFirst", { time: formatDateTime(answer.first_scan_at, locale) })]
        : []
      : [t(`consumerScan.result.${key}Text`, values)];
  if (answer.result === "over_threshold" && answer.first_scan_at)
    lines.push(t("consumerScan.result.repeatedFirst", { time: formatDateTime(answer.first_scan_at, locale) }));
  return (
    <section
      className={`public-scan-card scan-verdict scan-verdict-${tone}`}
      data-verdict={answer.result}
      role="status"
    >
      <div className="scan-verdict-icon" aria-hidden>
        {ICONS[tone]}
      </div>
      <h1>{t(`consumerScan.result.${key}Title`, values)}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <TemplateMessage page={answer.page} />
      {caution && (
        <p className="scan-verdict-caution">
          <WarningOutlined aria-hidden /> {t(`consumerScan.result.${key}Caution`, values)}
        </p>
      )}
    </section>
  );
}
