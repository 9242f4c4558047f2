// A multi-value column of the contract (manifest type array of ids or region codes): one with a
// join table instead of a column of its own (links.ts reads and writes it).
import type { ContractColumn } from "../../schema/contract/server-contract";

export type LinkColumn = ContractColumn & { readonly link: NonNullable<ContractColumn["link"]> };

export const isLink = (column: ContractColumn): column is LinkColumn => column.link !== undefined;
