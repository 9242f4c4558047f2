// A failed write's field errors (ApiError.errors, spec §8) as antd form field errors, for forms
// that do not go through refine's useForm (which does this itself).
export interface FieldErrorData {
  name: string;
  errors: string[];
}

export function toFieldErrors(error: unknown): FieldErrorData[] {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== "object") return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([name, message]) => {
    if (Array.isArray(message)) return [{ name, errors: message.map(String) }];
    if (typeof message === "string") return [{ name, errors: [message] }];
    return [];
  });
}
