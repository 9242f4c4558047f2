// What the user typed survives the page being hidden and shown again, and a refetch.
// A kept-alive page (React <Activity>) re-runs its effects each time it is shown, and refine's useForm
// resets the form in an effect on its record: a half-filled create or edit form came back empty or
// saved. This keeps the values the user changed and puts them back after every such reset.
import type { FormInstance, FormProps } from "antd";
import { useCallback, useEffect, useRef } from "react";
import { useScreenHost } from "../screen-host";

export interface KeptFormInput {
  /** Chains the user's changes into the kept values, then refine's own handler. */
  readonly formProps: FormProps;
  /** Forget the kept values: the form was saved. */
  readonly forget: () => void;
}

/**
 * Call it after refine's useForm, so that its effect runs after refine's reset. `record` and `id`
 * are what refine resets on; the effect also runs whenever the page is shown again.
 */
export function useKeptFormInput(
  form: FormInstance | undefined,
  formProps: FormProps,
  record?: unknown,
  id?: unknown,
): KeptFormInput {
  const changed = useRef(new Map<string, unknown>());
  // The page's host: closing its tab or signing out asks first.
  const { markDirty } = useScreenHost();
  const refineOnValuesChange = formProps.onValuesChange;
  const onValuesChange = useCallback<NonNullable<FormProps["onValuesChange"]>>(
    (changes, all) => {
      for (const [name, value] of Object.entries(changes as Record<string, unknown>)) changed.current.set(name, value);
      markDirty(true);
      refineOnValuesChange?.(changes, all);
    },
    [refineOnValuesChange, markDirty],
  );
  useEffect(() => {
    if (form && changed.current.size > 0) form.setFieldsValue(Object.fromEntries(changed.current));
  }, [form, record, id]);
  const forget = useCallback(() => {
    changed.current.clear();
    markDirty(false);
  }, [markDirty]);
  return { formProps: { ...formProps, onValuesChange }, forget };
}
