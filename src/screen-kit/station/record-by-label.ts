// A station whose setup names the record its scans fill (the waybill being loaded) lets the
// operator scan that record's label instead of choosing it: its list is asked for the label, and
// only a record whose label is exactly the scan is taken (the list's filter also finds longer ones).
import { callEndpoint } from "../../api/endpoint-call";

/** How many records a label search reads: enough for every label that contains a short one. */
const SEARCH_SIZE = 50;

export async function recordIdByLabel(
  listPath: string,
  labelField: string,
  label: string,
): Promise<number | undefined> {
  const { list } = await callEndpoint<{ list: readonly Record<string, unknown>[] }>(
    { method: "GET", path: listPath },
    { page: 1, size: SEARCH_SIZE, [labelField]: label },
  );
  const found = list.find((row) => row[labelField] === label);
  return typeof found?.id === "number" ? found.id : undefined;
}
