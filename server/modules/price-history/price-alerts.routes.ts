import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICE_TEXTS } from '../../../common/texts/price-history';
import { errorSchema } from '../../../common/schemas/error';
import { favoriteParamsSchema } from '../../../common/schemas/favorite';
import {
  favoriteAlertInputSchema,
  favoriteAlertSchema,
  priceAlertSettingsInputSchema,
  priceAlertSettingsSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../../../common/schemas/price-history';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/role-guard';
import { sentencePage } from '../mail/sentence-page';
import { UNSUBSCRIBE_PAGE_PATH, UNSUBSCRIBE_PATH, type PriceAlertsService } from './price-alerts.service';

/** The switches carry one flag; the one-click unsubscribe a form field (RFC 8058). */
const SMALL_BODY_LIMIT = 1024;

/** Price alerts (issue 29): the account's switches, and the unsubscribe link of the digest mail. */
export const priceAlertsRoutes: FastifyPluginAsyncZod<{ service: PriceAlertsService }> = async (app, { service }) => {
  // RFC 8058's one-click POST is a form (List-Unsubscribe=One-Click); the token is in the address, the body is ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SMALL_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/me/price-alerts',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: "Whether the signed-in person is mailed when any favourite's price drops, and whether the site can mail at all",
        response: { 200: priceAlertSettingsSchema },
      },
    }),
    async (request) => service.settings(callerOf(request).id),
  );

  app.put(
    '/api/me/price-alerts',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: "Turns the daily digest for every favourite's price drops on or off",
        description: 'Turning it on answers 409 when the site has no mail server.',
        body: priceAlertSettingsInputSchema,
        response: { 200: priceAlertSettingsSchema, 409: errorSchema },
      },
    }),
    async (request) => service.setAll(callerOf(request).id, request.body.all),
  );

  app.put(
    '/api/me/price-alerts/:productId',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: "Turns a favourite's price alert on or off (the daily digest lists it when its price drops)",
        description: 'A product that is not among the favourites answers 404; turning one on answers 409 when the site has no mail server.',
        params: favoriteParamsSchema,
        body: favoriteAlertInputSchema,
        response: { 200: favoriteAlertSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.setFavorite(callerOf(request).id, request.params.productId, request.body.on),
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT,
      // RFC 8058: the mail program posts from its own origin (or `Origin: null`); the signed token is the authority.
      config: { anyOrigin: true },
      schema: {
        tags: ['favorites'],
        summary: "One-click unsubscribe from the price digest (RFC 8058): every price alert of the token's account off",
        description:
          'The address of the mail’s List-Unsubscribe header; mail programs post List-Unsubscribe=One-Click to it, from any origin (another site’s or `null`). No session: the signed token is the proof.',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribedSchema, 400: errorSchema },
      },
    },
    async (request) => service.unsubscribe(request.query.token),
  );

  // The mail's own link: a person's click, answered with a page saying it worked (hidden from the API document).
  app.get<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    const parsed = unsubscribeQuerySchema.safeParse(request.query);
    try {
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? '');
      const done = await service.unsubscribe(parsed.data.token);
      return reply.send(sentencePage('Unsubscribed', done.message));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
      return reply.status(400).send(sentencePage(PRICE_TEXTS.allTitle, err.message));
    }
  });
};
