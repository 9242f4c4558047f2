// src/api/generated/clients/<resource>.gen.ts: a typed client per resource over the one request module.
import type { Model, ResourceModel } from "../model/model";
import { API_OUT, banner, type GeneratedFile } from "./generated-file";
import { literal, PRINT_WIDTH, printImport, printString } from "./print-literal";

/** prettier's layout: two object arguments are never hugged, so each gets its own lines. */
function callArguments(resource: ResourceModel, actions: Record<string, unknown>): string {
  const options = [
    "{",
    `    name: ${printString(resource.name)},`,
    `    singleton: ${resource.singleton},`,
    `    actions: ${literal(actions, 4, 13)},`,
    "  }",
  ].join("\n");
  return `\n  ${literal(resource.endpoints, 2)},\n  ${options},\n`;
}

/** prettier's layout: the type arguments move to lines of their own (no trailing comma) when the call's first line is too long. */
function callHead(callee: string, typeArguments: string[]): string {
  const oneLine = `${callee}<${typeArguments.join(", ")}>`;
  return oneLine.length + 1 <= PRINT_WIDTH ? oneLine : `${callee}<\n  ${typeArguments.join(",\n  ")}\n>`;
}

function clientOf(model: Model, resource: ResourceModel): string {
  const t = resource.typeName;
  const camel = resource.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const input = resource.kind === "entity" ? `${t}CreateInput` : "never";
  const imports = resource.kind === "entity" ? [`${t}Record`, `${t}CreateInput`] : [`${t}Record`];
  const actions = Object.fromEntries(resource.actions.map((a) => [a.name, a.endpoint]));
  return `${banner(model.manifestFile)}
import { createResourceClient } from "../../resource-client";
${printImport(imports, `../types/${resource.name}.gen`, true)}

/** ${resource.title.en} (${resource.title.zh}): ${resource.api} */
${callHead(`export const ${camel}Client = createResourceClient`, [`${t}Record`, input])}(${callArguments(resource, actions)});
`;
}

export function emitClients(model: Model): GeneratedFile[] {
  return model.resources.map((resource) => ({
    path: `${API_OUT}/clients/${resource.name}.gen.ts`,
    content: clientOf(model, resource),
  }));
}
