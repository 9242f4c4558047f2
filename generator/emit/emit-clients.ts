// src/generated/clients/<resource>.gen.ts: a typed client per resource over the one request module.
import type { Model, ResourceModel } from "../model/model";
import { banner, literal, SRC_OUT, type GeneratedFile } from "./generated-file";

function clientOf(model: Model, resource: ResourceModel): string {
  const t = resource.typeName;
  const camel = resource.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const input = resource.kind === "entity" ? `${t}CreateInput` : "never";
  const imports = resource.kind === "entity" ? `${t}Record, ${t}CreateInput` : `${t}Record`;
  const actions = Object.fromEntries(resource.actions.map((a) => [a.name, a.endpoint]));
  return `${banner(model.manifestFile)}
import { createResourceClient } from "../../api/resource-client";
import type { ${imports} } from "../types/${resource.name}.gen";

/** ${resource.title.en} (${resource.title.zh}): ${resource.api} */
export const ${camel}Client = createResourceClient<${t}Record, ${input}>(${literal(resource.endpoints)}, {
  name: ${JSON.stringify(resource.name)},
  singleton: ${resource.singleton},
  actions: ${literal(actions)},
});
`;
}

export function emitClients(model: Model): GeneratedFile[] {
  return model.resources.map((resource) => ({
    path: `${SRC_OUT}/clients/${resource.name}.gen.ts`,
    content: clientOf(model, resource),
  }));
}
