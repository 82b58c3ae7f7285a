import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANALYTICS_BODY_LIMIT, ANALYTICS_EVENTS_PATH } from '../../../common/analytics-constants';
import { analyticsEventSchema, analyticsQuerySchema, analyticsSummarySchema } from '../../../common/schemas/analytics';
import { errorSchema } from '../../../common/schemas/error';
import type { AnalyticsService } from './analytics.service';

/** Click, product view, referral button and page-view recording, and the admin's figures (issues 5 and 16, decision 0018). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService }> = async (app, { service }) => {
  // A beacon may arrive as text/plain (the type navigator.sendBeacon gives a string): read it as JSON here. The
  // parser belongs to this plugin only; the rest of the API keeps Fastify's.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    ANALYTICS_EVENTS_PATH,
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: {
        tags: ['analytics'],
        summary:
          'Records an outbound click on a product (with the agent it went to), a product page view, a referral button ' +
          '(Sign Up, Join, Copy code) or a finder page view (public). Clicks, product views and referral buttons count ' +
          'once per visitor and day (a click also records the product view it implies), finder views once within a ' +
          'short window; bots and repeats answer 204 without counting; an unknown product answers 404; too many events ' +
          'from one client answer 429',
        body: analyticsEventSchema,
        response: { 204: z.null().describe('Received'), 400: errorSchema, 404: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await service.record(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/analytics',
    app.guard('admin', {
      schema: {
        tags: ['analytics'],
        summary:
          'Clicks, product views, click-through rate (clicks per product view), daily unique visitors, finder views and ' +
          'referral buttons for whole UTC days from `from` to `to` (default: the last 30 days) and the period of equal ' +
          'length before; clicks per agent, per day, top products, categories as they are now, products per category',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSummarySchema },
      },
    }),
    async (request) => service.summary(request.query),
  );
};
