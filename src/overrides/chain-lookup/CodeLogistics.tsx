// Where a code went, beside its packages in 码查询 and 包装箱码查询: the waybill it left on (opening
// the waybill's own detail), the dealer with the regions it may sell in, when it shipped and the
// warehouse it left from. A returned code still names where it came from.
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { CodeDetailData } from "../../api/generated/calls.gen";
import { useScreenConfig } from "../../screen-kit/screen-tables";
import { viewPath } from "../../screen-kit/screens/route-path";

type Logistics = CodeDetailData["logistics"];
type Region = NonNullable<Logistics>["authorised_regions"][number];

const regionText = (region: Region): string => (region ? (region.name ?? region.code) : "");

export function CodeLogistics({ logistics }: { logistics: Logistics }) {
  const { t } = useTranslation();
  const waybills = useScreenConfig("waybills");
  if (!logistics)
    return (
      <Typography.Text type="secondary" data-testid="code-logistics">
        {t("overrides.chainLookup.notShipped")}
      </Typography.Text>
    );
  const { waybill, dealer, warehouse } = logistics;
  const field = (name: string) => t(`resource.waybills.fields.${name}`);
  const waybillPath = waybill && viewPath(waybills, "show", waybill.id);
  const items = [
    {
      label: field("waybill_no"),
      children: waybillPath ? (
        <Link to={waybillPath} data-testid="logistics-waybill">
          {waybill.name}
        </Link>
      ) : (
        <span data-testid="logistics-waybill">{waybill?.name}</span>
      ),
    },
    { label: field("dealer_id"), children: <span data-testid="logistics-dealer">{dealer?.name}</span> },
    {
      label: t("overrides.traceInquiry.authorisedRegions"),
      children: <span data-testid="logistics-regions">{logistics.authorised_regions.map(regionText).join(", ")}</span>,
    },
    {
      label: field("shipped_at"),
      children: logistics.shipped_at && new Date(logistics.shipped_at).toLocaleString(),
    },
    { label: field("warehouse_id"), children: <span data-testid="logistics-warehouse">{warehouse?.name}</span> },
  ];
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="code-logistics"
      items={items.map((item, key) => ({ key, ...item }))}
    />
  );
}
