// spec §2 /m/q/:qrcode: the page a product's QR code leads to. One scan call per view (use-scan),
// then the verdict and the product; a network or server failure is a plain error with a retry.
import { Button, Spin } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PATHS } from "../../settings";
import { ProductCard } from "./ProductCard";
import { PublicPage } from "./PublicPage";
import { readScanCode, SCAN_CODE_MAX_LENGTH } from "./scan-code";
import { ScanVerdict } from "./ScanVerdict";
import { loadBanners, TemplateHeader } from "./ScanTemplate";
import { useScan, type ScanState } from "./use-scan";

/** `code`: given by a page that read it elsewhere (a GS1 Digital Link's serial); else the address's :qrcode. */
export default function ConsumerScanResult({ code: given }: { readonly code?: string } = {}) {
  const { t } = useTranslation();
  const { qrcode: fromPath = "" } = useParams();
  const qrcode = given ?? fromPath;
  const read = readScanCode(qrcode);
  const code = "code" in read ? read.code : undefined;
  const { state, retry } = useScan(code);
  // The template's carousel loads alongside the scan call (ScanTemplate); a failure shows with the banners.
  useEffect(() => void loadBanners().catch(() => undefined), []);
  return (
    <PublicPage>
      <p className="public-scan-code">
        {t("consumerScan.result.code")}: <code data-testid="scan-code">{code ?? qrcode}</code>
      </p>
      {code === undefined ? <InvalidCode /> : <ScanOutcome state={state} onRetry={retry} />}
      <Link className="public-scan-another" to={PATHS.consumerScan}>
        {t("consumerScan.result.another")}
      </Link>
    </PublicPage>
  );
}

function InvalidCode() {
  const { t } = useTranslation();
  return (
    <section className="public-scan-card scan-verdict scan-verdict-bad" data-verdict="invalid" role="status">
      <h1>{t("consumerScan.result.invalidTitle")}</h1>
      <p>{t("consumerScan.result.invalidText", { max: SCAN_CODE_MAX_LENGTH })}</p>
    </section>
  );
}

function ScanOutcome({ state, onRetry }: { readonly state: ScanState; readonly onRetry: () => void }) {
  const { t } = useTranslation();
  // The server refused what was asked (a code or a Digital Link it cannot read): no retry helps.
  if (state.status === "failed" && state.error.statusCode === 400) return <InvalidCode />;
  if (state.status === "loading") {
    return (
      <section className="public-scan-card public-scan-status" aria-busy>
        <Spin size="large" />
        <p>{t("consumerScan.result.checking")}</p>
      </section>
    );
  }
  if (state.status === "failed") {
    return (
      <section className="public-scan-card public-scan-status" data-verdict="error" role="alert">
        <h1>{t("consumerScan.result.errorTitle")}</h1>
        <p>{t("consumerScan.result.errorText")}</p>
        <p className="public-scan-hint">{state.error.message}</p>
        <Button type="primary" size="large" onClick={onRetry}>
          {t("consumerScan.result.retry")}
        </Button>
      </section>
    );
  }
  const { page } = state.answer;
  return (
    <>
      {page && <TemplateHeader page={page} />}
      <ScanVerdict answer={state.answer} />
      {state.answer.result !== "not_found" && <ProductCard product={state.answer.product} page={page} />}
    </>
  );
}
