// The screen configuration's shape is part of the contract: schema/contract/screen-config.ts.
// This file only re-exports it so the screen kit's imports stay put while it is renamed (issue 9);
// import from schema/contract/screen-config directly and delete this file once that lands.
export type {
  ActionConfig,
  ButtonConfig,
  FieldConfig,
  FieldRule,
  ScreenConfig,
} from "../../../schema/contract/screen-config";
