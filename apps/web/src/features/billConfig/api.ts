/** The bill configuration's calls beyond the engine's: 上移/下移 of a store level. */
import { STORE_LEVEL_API } from '@zb/contract/entities/billConfig';
import { call } from '../../platform/http';

export const moveStoreLevel = (id: number, dir: 'up' | 'down') => call(STORE_LEVEL_API.move, { body: { id, dir } });
