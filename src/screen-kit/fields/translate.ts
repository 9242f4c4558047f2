// The translate function the pure helpers take: react-i18next's t fits it.
export type Translate = (key: string, options?: Record<string, unknown>) => string;
