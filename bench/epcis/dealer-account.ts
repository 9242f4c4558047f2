// The partner bench/epcis captures as: a dealer account made the way an administrator makes one
// (a role granted `epciscapture`, a position holding it, an account of type dealer acting for the
// dealer), its first password changed as the console demands, then signed in. Called in the bench
// server's own process through inject(), before it listens.
import type { FastifyInstance } from "fastify";
import { contract } from "../../mock-server/generated/contract.gen";
import { DEMO_PASSWORD, INITIAL_PASSWORD } from "../../mock-server/options";
import { EPCIS_CAPTURE_PERMISSION } from "../../mock-server/epcis/capture-routes";

const PASSWORD = "Bench-dealer-9";

const pathOf = (resource: string, kind: "create" | "options"): string => {
  const endpoint = contract.resources.find((candidate) => candidate.name === resource)?.endpoints[kind];
  if (!endpoint) throw new Error(`the contract has no ${resource}.${kind}`);
  return endpoint.path;
};

async function send<T>(app: FastifyInstance, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await app.inject({
    method: body === undefined ? "GET" : "POST",
    url,
    headers: token ? { token } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const answer = response.json<{ code: number; message: string; data: T }>();
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

const signIn = (app: FastifyInstance, account: string, password: string, type: string) =>
  send<string>(app, "/api/sso/login", {
    account_name: account,
    account_password: password,
    account_type: type,
    permissions: 1,
  });

/** The demo administrator's session. */
export const adminSession = (app: FastifyInstance): Promise<string> =>
  signIn(app, "admin", DEMO_PASSWORD, "enterprise");

/** A signed-in dealer account named `name`, acting for `dealerId`, that may capture. */
export async function dealerSession(app: FastifyInstance, admin: string, name: string, dealerId: number) {
  const [department] = await send<{ value: number }[]>(app, pathOf("departments", "options"), undefined, admin);
  const role = await send<{ id: number }>(
    app,
    pathOf("roles", "create"),
    { role_name: name, role_desc: "bench:epcis capture" },
    admin,
  );
  await send(
    app,
    "/api/org/menutree/savetree",
    { role_id: role.id, menu_keys: [EPCIS_CAPTURE_PERMISSION], button_codes: [] },
    admin,
  );
  const position = await send<{ id: number }>(
    app,
    pathOf("positions", "create"),
    { position_code: name.toUpperCase(), position_name: name, depart_id: department.value },
    admin,
  );
  await send(app, pathOf("position_roles", "create"), { position_id: position.id, role_id: role.id }, admin);
  await send(
    app,
    pathOf("employees", "create"),
    {
      account_name: name,
      real_name: name,
      account_type: "dealer",
      depart_id: department.value,
      position_id: position.id,
      status: "enabled",
      dealer_id: dealerId,
    },
    admin,
  );
  const first = await signIn(app, name, INITIAL_PASSWORD, "dealer");
  await send(
    app,
    "/api/org/employees/updatepasswordself",
    { old_password: INITIAL_PASSWORD, new_password: PASSWORD },
    first,
  );
  return await signIn(app, name, PASSWORD, "dealer");
}
