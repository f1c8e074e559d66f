/**
 * The goods settings' API: trial-project limits, advance verification, the cross-level draw
 * matrix, open-platform relations, mini-program goods, and the goods picker they share.
 */
import { CROSS_LEVEL_API } from '@zb/contract/entities/crossLevel';
import { GOODS_REF_API } from '@zb/contract/entities/goodsRef';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { advanceVerificationBinding } from './advanceVerification';
import { crossLevelMatrix, saveCrossLevelMatrix } from './crossLevel';
import { goodsRefOptions } from './goodsRef';
import { miniProgramBinding } from './miniProgram';
import { openCommodityBinding } from './openCommodity';
import { trialLimitBinding } from './trialLimits';

export const registerGoodsSettings = (app: FastifyInstance): void => {
  route(app, GOODS_REF_API.options, ({ query }, { db }) => goodsRefOptions(db, query.kind));
  route(app, CROSS_LEVEL_API.matrix, (_input, { db }) => crossLevelMatrix(db));
  route(app, CROSS_LEVEL_API.save, ({ body }, { db, signedIn }) => saveCrossLevelMatrix(db, signedIn(), body.allowed));
  registerResource(app, trialLimitBinding);
  registerResource(app, advanceVerificationBinding);
  registerResource(app, openCommodityBinding);
  registerResource(app, miniProgramBinding);
};
