/** Mini-program content: 软文 (/stManagement, /newSoftText) on the resource engine. */
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { softTextBinding } from './resource';

export const contentRoutes = async (app: FastifyInstance) => {
  registerResource(app, softTextBinding);
};
