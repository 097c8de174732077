import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resultOf } from '../../../contract/common';

const embeddingResponseSchema = resultOf(z.object({ parentOrigins: z.array(z.string()) }));

/**
 * The pages allowed to embed the app (FRAME_PARENT_ORIGINS). Public: the same list is in
 * every page's CSP frame-ancestors header, and the app needs it before anyone signs in.
 */
const embedding: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['embedding'], response: { 200: embeddingResponseSchema } } }, () => ({
    result: { parentOrigins: app.config.frameParentOrigins },
  }));
};

export default embedding;
