/**
 * 人群 (issue 16): /crowdManagement on the resource engine, /crowdDetail's calls — save, the live
 * count, the builder's options, snapshots and their members, the export of a snapshot.
 */
import { CROWD_API } from '@zb/contract/entities/crowd';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { exportSnapshot, registerCrowdExport } from './exportFile';
import {
  countCrowd,
  crowdBinding,
  crowdOptions,
  listSnapshotMembers,
  listSnapshots,
  saveCrowd,
  takeSnapshot,
  viewCrowd,
} from './service';

export const crowdRoutes = async (app: FastifyInstance) => {
  registerCrowdExport();
  const api = CROWD_API;
  route(app, api.save, ({ body }, { db, signedIn }) => saveCrowd(db, signedIn(), body));
  // The fixed paths before the engine's /detail/:id.
  route(app, api.view, ({ params }, { db }) => viewCrowd(db, (params as { id: number }).id));
  route(app, api.options, (_input, { db, signedIn }) => crowdOptions(db, signedIn().scope));
  route(app, api.count, ({ body }, { db, signedIn }) => countCrowd(db, signedIn(), body.rule));
  route(app, api.snapshot, ({ body }, { db, signedIn }) => takeSnapshot(db, signedIn(), body.id));
  route(app, api.snapshots, ({ query }, { db }) => listSnapshots(db, query));
  route(app, api.snapshotMembers, ({ query }, { db, signedIn }) => listSnapshotMembers(db, signedIn().scope, query));
  route(app, api.snapshotExport, ({ body }, { db, signedIn }) => exportSnapshot(db, signedIn(), body.snapshotId));
  registerResource(app, crowdBinding);
};
