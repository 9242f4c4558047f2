// A kept list adopts the page the address asks for. refine reads currentPage and
// pageSize from the URL only when the list first mounts; a list kept alive in its tab and shown again
// at /store?currentPage=2 would otherwise rewrite the address back to the page it was on. The first
// address is refine's own to read: only a later one, that names a page, is adopted here.
import { parseTableParams } from "@refinedev/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

interface Paging {
  readonly currentPage: number;
  readonly pageSize: number;
  setCurrentPage(page: number): void;
  setPageSize(size: number): void;
}

export function usePageFromAddress(table: Paging): void {
  const { search } = useLocation();
  const first = useRef(search);
  useEffect(() => {
    if (search === first.current) return;
    first.current = search;
    const { parsedCurrentPage, parsedPageSize } = parseTableParams(search);
    if (typeof parsedPageSize === "number" && parsedPageSize > 0 && parsedPageSize !== table.pageSize)
      table.setPageSize(parsedPageSize);
    if (typeof parsedCurrentPage === "number" && parsedCurrentPage > 0 && parsedCurrentPage !== table.currentPage)
      table.setCurrentPage(parsedCurrentPage);
    // Only a new address decides; the table's own paging changes write the address themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
}
