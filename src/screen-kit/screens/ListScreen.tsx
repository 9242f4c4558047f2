// A generated list screen: filters, server-side paging and sorting, row and toolbar buttons.
import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Card, Grid, Table, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import { DEFAULT_PAGE_SIZE } from "../../api/list-query";
import { FilterForm } from "./FilterForm";
import { toCrudFilters, type FilterValues } from "./filter-values";
import { fieldColumns, type Row } from "./list-columns";
import { ListToolbar } from "./ListToolbar";
import { hasRunningRows, LIVE_REFRESH_MS } from "./live-rows";
import { usePageFromAddress } from "./use-page-from-address";
import { RowActions } from "./RowActions";
import { hasRowActions } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";

export interface ListScreenProps {
  config: ScreenConfig;
  /** Query screens: no create, edit or delete. */
  readOnly?: boolean;
}

export function ListScreen({ config, readOnly = false }: ListScreenProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const sortable = config.fields.some((field) => field.name === config.defaultSort.field && field.sortable);
  const table = useTable<Row, HttpError, FilterValues>({
    resource: config.resource,
    // paged: false lists answer every row at once; the table then shows them all.
    pagination: { mode: config.paged ? "server" : "off", pageSize: DEFAULT_PAGE_SIZE },
    // The server refuses sorting by a field not declared sortable; it applies its default itself then.
    sorters: { initial: sortable ? [{ ...config.defaultSort }] : [], mode: "server" },
    filters: { defaultBehavior: "replace", mode: "server" },
    onSearch: (values) => toCrudFilters(config.fields, values),
    // A record still running (a progress bar's `while`) keeps the list asking, so its bar moves.
    queryOptions: {
      refetchInterval: (query) =>
        hasRunningRows(config.fields, query.state.data?.data ?? []) ? LIVE_REFRESH_MS : false,
    },
  });
  const { tableProps, searchFormProps, sorters, filters } = table;
  usePageFromAddress(table);
  const actions: TableColumnType<Row> = {
    key: "__actions",
    title: t("screens.list.actions"),
    fixed: screens.md ? "right" : undefined,
    render: (_value, record) => <RowActions config={config} record={record} readOnly={readOnly} />,
  };
  const pagination = tableProps.pagination && {
    ...tableProps.pagination,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) => t("screens.list.total", { total }),
  };
  return (
    // The toolbar sits in the body, not the card head, so it wraps on a 375 px screen.
    <Card title={t(config.titleKey)}>
      <FilterForm fields={config.fields} formProps={searchFormProps} />
      <ListToolbar config={config} readOnly={readOnly} filters={filters} sorters={sorters} />
      <Table<Row>
        {...tableProps}
        pagination={pagination}
        rowKey={(record) => String(record.id)}
        columns={[...fieldColumns(config.fields, sorters, t), ...(hasRowActions(config, readOnly) ? [actions] : [])]}
        scroll={{ x: "max-content" }}
        size={screens.md ? "middle" : "small"}
      />
    </Card>
  );
}
