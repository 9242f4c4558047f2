// spec §2 /m/q/:qrcode: the product as a consumer sees it, from the public fields the scan call
// answers (mock-server/public/public-product.ts); a fact the data lacks is left out.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../settings";
import type { PublicProduct } from "./scan-api";
import type { ScanPage } from "./ScanTemplate";
import { formatDate, localeTag } from "./scan-format";

/** A product photo from the record; only a web address is ever put in src. */
const isWebImage = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** `page`: the template's dealer and waybill, present only when the template shows them. */
export function ProductCard({
  product,
  page = null,
}: {
  readonly product: PublicProduct | null;
  readonly page?: ScanPage | null;
}) {
  const { t, i18n } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  if (!product) {
    return (
      <section className="public-scan-card scan-product">
        <h2>{t("consumerScan.product.title")}</h2>
        <p className="public-scan-hint">{t("consumerScan.product.unavailable")}</p>
      </section>
    );
  }
  const locale = localeTag(i18n.language as Language, navigator.languages ?? []);
  const day = (value: string | null | undefined) => (value ? formatDate(value, locale) : null);
  const facts: [string, string | null | undefined][] = [
    ["consumerScan.product.brand", product.brand_name],
    ["consumerScan.product.spec", product.spec],
    ["consumerScan.product.unit", product.unit_name],
    ["consumerScan.product.barcode", product.barcode],
    ["consumerScan.product.batch", product.batch_no],
    ["consumerScan.product.productionDate", day(product.production_date)],
    ["consumerScan.product.expiryDate", day(product.expiry_date)],
    [
      "consumerScan.product.shelfLife",
      product.shelf_life_days === null || product.shelf_life_days === undefined
        ? null
        : t("consumerScan.product.shelfLifeDays", { count: product.shelf_life_days }),
    ],
    ["consumerScan.product.manufacturer", product.manufacturer],
    ["consumerScan.product.address", product.manufacturer_address],
    ["consumerScan.product.dealer", page?.dealer],
    ["consumerScan.product.waybill", page?.waybill],
  ];
  const name = product.product_name ?? "";
  return (
    <section className="public-scan-card scan-product" data-testid="scan-product">
      <h2>{t("consumerScan.product.title")}</h2>
      <div className="scan-product-head">
        {isWebImage(product.image) && !imageFailed && (
          <img
            className="scan-product-image"
            src={product.image}
            alt={t("consumerScan.product.imageAlt", { name })}
            loading="lazy"
            onError={() => setImageFailed(true)}
          />
        )}
        <div className="scan-product-name">{name}</div>
      </div>
      <dl className="scan-product-facts">
        {facts
          .filter((fact): fact is [string, string] => !!fact[1])
          .map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
