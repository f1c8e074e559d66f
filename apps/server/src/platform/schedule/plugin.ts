/**
 * The scheduler in every instance: when the app is ready it syncs the job declarations and
 * closes lost runs; with `scheduleTickMs` configured it ticks on an interval (tests leave it
 * off and call `tick` themselves). Closing the app stops the ticking and waits for a tick in flight.
 */
import fp from 'fastify-plugin';
import type { JobDef } from './job';
import { closeLostRuns, syncJobs, tick } from './runner';

export const schedulePlugin = fp<{ jobs: readonly JobDef[] }>(
  async (app, { jobs }) => {
    let timer: NodeJS.Timeout | null = null;
    let inFlight: Promise<unknown> | null = null;

    const tickNow = () => {
      if (inFlight) return; // the previous tick is still running its jobs
      const now = new Date();
      inFlight = closeLostRuns(app.db, now)
        .then(() => tick(app.db, app.instanceId, now, { jobs, log: app.log }))
        .catch((err) => app.log.error({ err }, 'schedule tick failed'))
        .finally(() => {
          inFlight = null;
        });
    };

    app.addHook('onReady', async () => {
      const now = new Date();
      await syncJobs(app.db, now, jobs);
      await closeLostRuns(app.db, now, app.instanceId);
      const every = app.config.scheduleTickMs;
      if (every) {
        timer = setInterval(tickNow, every);
        timer.unref();
      }
    });

    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await inFlight;
    });
  },
  { name: 'schedule', dependencies: ['events'] },
);
