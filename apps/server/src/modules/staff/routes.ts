/** Staff (SPEC §2.5 /staffManager, /increaseHairStaff, /medicalSupervisor; §7.3 statusDtos). */
import { STAFF_API } from '@zb/contract/entities/staff';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { lossOfEmployeesReport } from './reports';
import {
  accountOptions,
  hairGrowthBinding,
  medicalSupervisorBinding,
  staffBinding,
  staffStatuses,
  storeOptions,
} from './service';

export const staffRoutes = async (app: FastifyInstance) => {
  // statusDtos first: a fixed path, next to the engine's /rest/staffList/* calls.
  route(app, STAFF_API.statusDtos, () => staffStatuses());
  route(app, STAFF_API.stores, (_input, { db, signedIn }) => storeOptions(db, signedIn().scope));
  route(app, STAFF_API.accounts, (_input, { db }) => accountOptions(db));
  registerResource(app, staffBinding);
  registerResource(app, hairGrowthBinding);
  registerResource(app, medicalSupervisorBinding);
  registerReport(app, lossOfEmployeesReport);
};
