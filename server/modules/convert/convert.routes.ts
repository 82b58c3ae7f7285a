import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONVERT_BODY_LIMIT } from '../../../common/convert';
import { convertInputSchema, convertResultSchema } from '../../../common/schemas/convert';
import { errorSchema } from '../../../common/schemas/error';
import { RateLimitedError } from '../requests/requests.service';
import type { ConvertService } from './convert.service';

/** The public link converter (issue 29): POST /api/convert. */
export const convertRoutes: FastifyPluginAsyncZod<{ service: ConvertService }> = async (app, { service }) => {
  // The error handler writes the 429's body; its wait goes in the header here (this plugin's routes only).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post(
    '/api/convert',
    {
      bodyLimit: CONVERT_BODY_LIMIT,
      schema: {
        tags: ['agents'],
        summary:
          'Turns a marketplace or agent link, or the share text an app copied (short links such as m.tb.cn and ' +
          "k.youshop10.com are followed), into the item's source and every enabled agent's link with the site's " +
          'referral codes, the visitor\u2019s agent first, and the item\u2019s card when it is in the catalogue (public). A text ' +
          'without a usable link answers 400 with a sentence; too many from one client answer 429 with Retry-After',
        body: convertInputSchema,
        response: { 200: convertResultSchema, 400: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.convert(request.body, { ip: request.ip }),
  );
};
