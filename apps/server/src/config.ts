/** Server settings from the environment, with defaults that need no set-up. */

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file rather than the working directory (`npm start` runs in apps/server). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; embedded PGlite under dataDir when absent. */
  databaseUrl: string | null;
  webDist: string;
  logLevel: string;
  /** Mark the session cookie Secure (behind HTTPS). */
  secureCookie: boolean;
  /** Key material of the symmetric helper (ZB_SECRET); a database-stored secret when null. */
  secret: string | null;
  /** WeCom (企业微信) web login. */
  wxwork: WxworkConfig;
  /** SHR (金蝶 s-HR) staff synchronisation. */
  shr: ShrConfig;
  /** The SMS provider and WeChat (official account, mini-program) that notify members. */
  notify: NotifyConfig;
  /** How often the scheduler looks for due jobs (SCHEDULE_TICK_MS, 0 = never); off when absent (tests). */
  scheduleTickMs?: number | null;
  /** Run the export worker in this instance (EXPORT_WORKER=0 turns it off). */
  exportWorker: boolean;
}

export interface WxworkConfig {
  /** WeCom API base (WXWORK_API_BASE); null = this server's own simulator at http://<host>:<port>/wxsim. */
  apiBase: string | null;
  corpId: string;
  agentId: string;
  secret: string;
}

export interface ShrConfig {
  /** SHR open-API base (SHR_API_BASE); null = the built-in simulator (this server's /shrsim). */
  apiBase: string | null;
  appId: string;
  appSecret: string;
}

/** The app the SHR simulator knows when nothing is configured. */
export const SHR_DEMO: ShrConfig = { apiBase: null, appId: 'zb-demo-shr', appSecret: 'zb-demo-shr-secret' };

/** The SHR settings of an environment (the scheduled job reads them without the app). */
export const shrConfigOf = (env: NodeJS.ProcessEnv): ShrConfig => ({
  apiBase: env.SHR_API_BASE?.replace(/\/+$/, '') || null,
  appId: env.SHR_APP_ID || SHR_DEMO.appId,
  appSecret: env.SHR_APP_SECRET || SHR_DEMO.appSecret,
});

export interface NotifyConfig {
  /** SMS API base (SMS_API_BASE); null = the built-in simulator (this server's /smssim). */
  smsApiBase: string | null;
  smsAccessKeyId: string;
  smsAccessKeySecret: string;
  /** WeChat API base (WX_API_BASE); null = the built-in simulator (this server's /wxmpsim). */
  wxApiBase: string | null;
  mpAppId: string;
  mpSecret: string;
  miniAppId: string;
  miniSecret: string;
}

/** The accounts the simulators know when nothing is configured. */
export const NOTIFY_DEMO: NotifyConfig = {
  smsApiBase: null,
  smsAccessKeyId: 'zb-demo-sms',
  smsAccessKeySecret: 'zb-demo-sms-secret',
  wxApiBase: null,
  mpAppId: 'wxzbdemomp0000001',
  mpSecret: 'zb-demo-mp-secret',
  miniAppId: 'wxzbdemomini00001',
  miniSecret: 'zb-demo-mini-secret',
};

/** The notification settings of an environment (the scheduled job reads them without the app). */
export const notifyConfigOf = (env: NodeJS.ProcessEnv): NotifyConfig => ({
  smsApiBase: env.SMS_API_BASE?.replace(/\/+$/, '') || null,
  smsAccessKeyId: env.SMS_ACCESS_KEY_ID || NOTIFY_DEMO.smsAccessKeyId,
  smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET || NOTIFY_DEMO.smsAccessKeySecret,
  wxApiBase: env.WX_API_BASE?.replace(/\/+$/, '') || null,
  mpAppId: env.WX_MP_APPID || NOTIFY_DEMO.mpAppId,
  mpSecret: env.WX_MP_SECRET || NOTIFY_DEMO.mpSecret,
  miniAppId: env.WX_MINI_APPID || NOTIFY_DEMO.miniAppId,
  miniSecret: env.WX_MINI_SECRET || NOTIFY_DEMO.miniSecret,
});

/** The demo corp the simulator serves when nothing is configured. */
export const WXWORK_DEMO: WxworkConfig = {
  apiBase: null,
  corpId: 'ww-zb-demo',
  agentId: '1000002',
  secret: 'zb-demo-wxwork-secret',
};

const parsePort = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0–65535, got "${raw}"`);
  return port;
};

const parseTickMs = (raw: string | undefined): number | null => {
  if (raw === undefined || raw === '') return 15_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`SCHEDULE_TICK_MS must be a whole number of ms, got "${raw}"`);
  return ms === 0 ? null : ms;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => ({
  port: parsePort(env.PORT),
  host: env.HOST || '127.0.0.1',
  dataDir: resolve(env.DATA_DIR || join(REPO_ROOT, 'data')),
  databaseUrl: env.DATABASE_URL || null,
  webDist: resolve(env.WEB_DIST || join(REPO_ROOT, 'apps/web/dist')),
  logLevel: env.LOG_LEVEL || 'info',
  secureCookie: env.COOKIE_SECURE === '1' || env.COOKIE_SECURE === 'true',
  secret: env.ZB_SECRET || null,
  wxwork: {
    apiBase: env.WXWORK_API_BASE?.replace(/\/+$/, '') || null,
    corpId: env.WXWORK_CORP_ID || WXWORK_DEMO.corpId,
    agentId: env.WXWORK_AGENT_ID || WXWORK_DEMO.agentId,
    secret: env.WXWORK_SECRET || WXWORK_DEMO.secret,
  },
  shr: shrConfigOf(env),
  notify: notifyConfigOf(env),
  scheduleTickMs: parseTickMs(env.SCHEDULE_TICK_MS),
  exportWorker: env.EXPORT_WORKER !== '0' && env.EXPORT_WORKER !== 'false',
});
