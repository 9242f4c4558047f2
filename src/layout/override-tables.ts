// The generated screen configs the hand-written screens (src/overrides) read with useScreenConfig,
// by the manifest's resource name: an override that reads another resource's config adds it here.
import { codeTracesConfig } from "../generated/configs/code_traces.gen";
import { departmentsConfig } from "../generated/configs/departments.gen";
import { positionRolesConfig } from "../generated/configs/position_roles.gen";
import { positionsConfig } from "../generated/configs/positions.gen";
import { rolesConfig } from "../generated/configs/roles.gen";
import { traceCodesConfig } from "../generated/configs/trace_codes.gen";
import { waybillsConfig } from "../generated/configs/waybills.gen";
import type { ScreenTables } from "../screen-kit/screen-tables";

export const overrideTables: ScreenTables = {
  configs: {
    code_traces: codeTracesConfig,
    departments: departmentsConfig,
    position_roles: positionRolesConfig,
    positions: positionsConfig,
    roles: rolesConfig,
    trace_codes: traceCodesConfig,
    waybills: waybillsConfig,
  },
};
