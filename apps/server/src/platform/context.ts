/** What a request knows about its caller once the session guard has run. */
import type { Access, Endpoint } from '@zb/contract/api/endpoint';
import type { HierLevel } from '@zb/contract/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Cipher } from './crypto';
import type { DataScope } from './scope';

export interface SessionUser {
  id: number;
  loginName: string;
  nickname: string;
  phone: string | null;
  isAdmin: boolean;
  enabled: boolean;
  kind: string;
  createdAt: Date;
}

/** The role chosen for the session (selectHierRole). */
export interface ChosenRole {
  userRoleId: number;
  roleId: number;
  roleCode: string;
  roleName: string;
  hierId: number;
  level: HierLevel;
  contentId: number;
  regionId: number | null;
  storeId: number | null;
}

export interface Auth {
  sessionId: string;
  user: SessionUser;
  role: ChosenRole | null;
  scope: DataScope;
  /** The chosen role's resource codes; loaded only for routes that check codes, else null. */
  codes: ReadonlySet<string> | null;
}

export interface RecordedRoute {
  method: string;
  url: string;
  access: Access;
  accountVersion: boolean;
  /** The contract's record of the route (its input schemas), when it was registered from one. */
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    accountVersion?: boolean;
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    auth: Auth | null;
    /** The caller, also for public calls that identify one (login). */
    actorId: number | null;
    /** errcode of the envelope answered, for the request log and API log. */
    errcode: string | null;
  }
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** The symmetric helper (SPEC §9) with the server's key. */
    cipher: Cipher;
    /** Every route registered, with its access declaration (walked by the permission test). */
    routeList: RecordedRoute[];
  }
}
