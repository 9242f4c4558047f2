// Who may make a call, declared on each route (config.access) and enforced by one hook.
// Routes without a declaration need a live session: the default is closed.
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { forbidden, passwordChangeRequired } from "../refusals";
import type { GrantService } from "./grants";
import type { Sessions } from "./sessions";
import { checkPermission, type Grants } from "./check-permission";
import type { MenuSnapshot, MenuStore } from "../org/menu-store";
import { message } from "../../schema/contract/messages";
import type { PartnerClient } from "./partner-keys";

/** Resolves an Authorization header to a partner client and its grants; throws 401 otherwise. */
export type PartnerKeyResolver = (authorization: string) => Promise<{ client: PartnerClient; grants: Grants }>;

export interface Access {
  /** No token needed (login, the no-auth ICP call, public scan calls, the login log). */
  readonly public?: boolean;
  /** Menu keys or button codes, any one of which admits (spec §6). Omitted: any session. */
  readonly roles?: readonly string[];
  /** spec §7 selectedlist: the token may come as a query parameter. */
  readonly tokenQuery?: boolean;
  /** Open to a session that must still set its own password (the password change itself). */
  readonly beforePasswordChange?: boolean;
  /**
   * Also open to a partner client's API key (`Authorization: Bearer <key>`, auth/partner-keys.ts),
   * whose grants meet `roles` through the same check; a call with a `token` header is a session's.
   */
  readonly partnerKeys?: boolean;
}

export interface RequestAuth {
  /** The signed-in account's id; for a partner client, principalOf(its id), a negative number. */
  readonly accountId: number;
  /** The session's token; empty for a partner client. */
  readonly token: string;
  readonly grants: Grants;
  /** The partner client whose key made the call, if a key did. */
  readonly client?: PartnerClient;
}

declare module "fastify" {
  interface FastifyRequest {
    auth?: RequestAuth;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

function tokenOf(request: FastifyRequest, access: Access | undefined): string | undefined {
  const header = request.headers.token;
  if (typeof header === "string" && header !== "") return header;
  const query = request.query as Record<string, unknown> | undefined;
  if (access?.tokenQuery && typeof query?.token === "string") return query.token;
  return undefined;
}

/** Where the access hook learns who calls and what they may do. */
export interface AccessSources {
  readonly sessions: Sessions;
  readonly grants: GrantService;
  readonly menus: MenuStore;
  /** Whether the account must still set its own password: kept (or undefined), and read. */
  readonly passwordChange: {
    readonly kept: (accountId: number) => boolean | undefined;
    readonly read: (accountId: number) => Promise<boolean>;
  };
  readonly partnerKey: PartnerKeyResolver;
}

/**
 * The hook every call passes. A session call whose session, password-change answer, grants and
 * menus are all kept in memory is decided at once, with no promise: every signed-in call passes
 * here, and on the embedded engine a read by id otherwise spends a good part of its time awaiting
 * answers already known. Anything not kept goes the asynchronous way, which reads and refuses
 * (docs/decisions/0039).
 */
export function accessHook(sources: AccessSources): onRequestHookHandler {
  const { sessions, grants: grantService, menus, passwordChange, partnerKey } = sources;
  const refuseUnless = (grants: Grants, access: Access | undefined, snapshot: MenuSnapshot | undefined) => {
    if (access?.roles && !checkPermission(grants, access.roles, snapshot!.open)) {
      const needed = access.roles.length ? access.roles.join(", ") : "admin";
      throw forbidden(message("common.forbiddenNeeds", { needed }));
    }
  };
  const snapshotFor = async (access: Access | undefined) => (access?.roles ? await menus.snapshot() : undefined);
  /** The caller decided from memory alone: true, or false when something is not kept. */
  const decidedAtOnce = (request: FastifyRequest, access: Access | undefined, token: string | undefined): boolean => {
    const accountId = sessions.keptAccount(token);
    if (accountId === undefined) return false;
    if (!access?.beforePasswordChange && passwordChange.kept(accountId) !== false) return false;
    const grants = grantService.kept(accountId);
    const snapshot = access?.roles ? menus.kept() : undefined;
    if (!grants || (access?.roles && !snapshot)) return false;
    request.auth = { accountId, token: token!, grants };
    refuseUnless(grants, access, snapshot);
    return true;
  };
  const decide = async (request: FastifyRequest, access: Access | undefined, token: string | undefined) => {
    const authorization = request.headers.authorization;
    if (access?.partnerKeys && token === undefined && typeof authorization === "string" && authorization !== "") {
      const { client, grants } = await partnerKey(authorization);
      request.auth = { accountId: grants.accountId, token: "", grants, client };
      refuseUnless(grants, access, await snapshotFor(access));
      return;
    }
    const accountId = await sessions.resolve(token);
    // An administrator-given password is changed before anything else works.
    if (!access?.beforePasswordChange && (await passwordChange.read(accountId))) throw passwordChangeRequired();
    const grants = await grantService.forAccount(accountId);
    request.auth = { accountId, token: token!, grants };
    refuseUnless(grants, access, await snapshotFor(access));
  };
  return (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access?.public) return done();
    const token = tokenOf(request, access);
    try {
      if (decidedAtOnce(request, access, token)) return done();
    } catch (refusal) {
      return done(refusal as Error);
    }
    decide(request, access, token).then(() => done(), done);
  };
}

/** The signed-in caller; routes behind the access hook always have one. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error("authOf() on a route without a session");
  return request.auth;
}
