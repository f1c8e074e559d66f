/** This server process's name in the system event log and the schedule's runs. */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Host and process id (a restarted container often reuses both) plus a per-start suffix. */
export const INSTANCE_HOST_PID = `${hostname()}:${process.pid}`;

export const newInstanceId = (): string => `${INSTANCE_HOST_PID}:${randomBytes(3).toString('hex')}`;
