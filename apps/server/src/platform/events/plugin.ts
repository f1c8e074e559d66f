/**
 * Gives the app its instance id and records the server's start (when ready) and clean stop (on
 * close) as system events; `requestEvent` records an event about a request (its ip, its caller).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../instance';
import { recordEvent, type SystemEvent } from './record';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's name in events and job runs. */
    instanceId: string;
  }
}

export const requestEvent = (req: FastifyRequest, e: Omit<SystemEvent, 'instance' | 'ip'>): Promise<void> =>
  recordEvent(req.server.db, { ...e, ip: req.ip, instance: req.server.instanceId }, (err) =>
    req.log.error({ err }, 'system event write failed'),
  );

export const eventsPlugin = fp(
  async (app) => {
    app.decorate('instanceId', newInstanceId());
    const onError = (err: unknown) => app.log.error({ err }, 'system event write failed');
    app.addHook('onReady', async () => {
      await recordEvent(
        app.db,
        {
          level: 'info',
          kind: 'server_start',
          message: '服务启动',
          instance: app.instanceId,
          detail: { pid: process.pid },
        },
        onError,
      );
    });
    app.addHook('onClose', async () => {
      await recordEvent(
        app.db,
        { level: 'info', kind: 'server_stop', message: '服务正常停止', instance: app.instanceId },
        onError,
      );
    });
  },
  { name: 'events' },
);
