/** Starts the server: database ready (migrated, seeded on first start), then listen; SIGTERM/SIGINT close it. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type DbHandle, openDb } from './db/client';
import { formatDemoAccounts } from './seed/accounts';
import { prepareDatabase } from './seed/prepare';

const config = loadConfig();
let handle: DbHandle | null = null;
let app: FastifyInstance | null = null;

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app?.log.info({ signal }, 'shutting down');
  try {
    await app?.close();
    await handle?.close();
    process.exit(0);
  } catch (err) {
    console.error('关闭失败：', err);
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  handle = await openDb(config);
  const { seeded } = await prepareDatabase(handle);
  app = await buildApp({ config, db: handle.db });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const database = handle.driver === 'postgres' ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${config.dataDir}）`;
  console.log(`总部后台已启动：http://${config.host}:${port}`);
  console.log(`数据库：${database}，${seeded ? '首次启动，已写入演示数据' : '沿用已有数据'}`);
  console.log(formatDemoAccounts());
} catch (err) {
  console.error('启动失败：', err instanceof Error ? err.message : err);
  await app?.close().catch(() => {});
  await handle?.close().catch(() => {});
  process.exit(1);
}
