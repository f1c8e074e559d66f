/** The lookup calls of SPEC §7.3 under /rest/master/, at their exact paths. */
import { MASTER_API, type MasterCategory } from '@zb/contract/api/master';
import { STORE_LEVEL_API } from '@zb/contract/entities/billConfig';
import { PROJECT_LABEL_API } from '@zb/contract/entities/projectLabel';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { labelBinding, moveLabel } from './labels';
import { masterItemBinding } from './resource';
import { listByCode, listCategory, listChildren } from './service';
import { moveStoreLevel, storeLevelBinding } from './storeLevels';

/** Whole-category lookups: endpoint → category. */
const LISTS: readonly [keyof typeof MASTER_API, MasterCategory][] = [
  ['findStaffEducation', 'education'],
  ['findMaritalStatus', 'maritalStatus'],
  ['findStoreType', 'storeType'],
  ['findSubType', 'storeSubType'],
  ['findScopeofbusiness', 'businessScope'],
  ['findBizdist', 'bizDistrict'],
  ['findMktSeg', 'marketSegment'],
  ['findLevel', 'storeLevel'],
  ['findGender', 'gender'],
  ['findDateUnit', 'dateUnit'],
  ['findMemSource', 'memberSource'],
  ['findOccupation', 'occupation'],
  ['findIncome', 'income'],
  ['searchTaxpayertype', 'taxpayerType'],
  ['findPrjType', 'projectType'],
  ['findLabel', 'label'],
  ['findToEasFee', 'toEasFee'],
  ['findProductOnlineType', 'productOnlineType'],
];

/** Sub-type lookups by parent id: endpoint → sub-type category. */
const CHILDREN: readonly [keyof typeof MASTER_API, MasterCategory][] = [
  ['searchStaffLevel', 'staffLevel'],
  ['searchSubType', 'storeSubType'],
  ['findPrjSubType', 'projectSubType'],
];

export const masterRoutes = async (app: FastifyInstance) => {
  for (const [name, category] of LISTS) route(app, MASTER_API[name], (_input, { db }) => listCategory(db, category));

  for (const [name, category] of CHILDREN) {
    route(app, MASTER_API[name], ({ params }, { db }) => listChildren(db, category, (params as { id: number }).id));
  }

  registerResource(app, masterItemBinding);
  // Project labels (/projectLabelSetList) are master items too; 设置标签 on projects is goods'.
  registerResource(app, labelBinding);
  // Store levels (/storeLevel) are master items too.
  registerResource(app, storeLevelBinding);
  route(app, STORE_LEVEL_API.move, ({ body }, { db, signedIn }) => moveStoreLevel(db, signedIn(), body.id, body.dir));
  route(app, PROJECT_LABEL_API.move, ({ body }, { db, signedIn }) => moveLabel(db, signedIn(), body.id, body.dir));

  route(app, MASTER_API.findMaster, ({ params }, { db }) => listByCode(db, (params as { code: string }).code));
};
