/**
 * How many e2e files run at once: one per core, at most two (each brings a Chromium and a server of
 * its own). The e2e project's maxWorkers and its global set-up's servers both read it.
 */
import { availableParallelism } from 'node:os';

export const E2E_WORKERS = Math.max(1, Math.min(2, Number(process.env.E2E_WORKERS) || availableParallelism()));
