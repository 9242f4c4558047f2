// The values a statement binds, in the order of its placeholders: the one type the store, its
// caches and the SQL builders share.
type Bindable = string | number | bigint | null | Buffer;
export type Params = readonly Bindable[];

/** `count` placeholders for an IN list: "?, ?, ?". */
export const placeholders = (count: number): string => Array(count).fill("?").join(", ");
