import { z } from 'zod';
import { SETUP_ITEMS } from '../setup';
import { emailField, newPasswordField } from './auth';
import { apiSchemas } from './registry';

/**
 * What a new site still lacks (issue 28): the dashboard's setup checklist and `npm start`'s log read it. Settings are
 * told only as set or not: no secret, address or key leaves the server.
 */
export const setupStatusSchema = z
  .object({
    pending: z.array(z.enum(SETUP_ITEMS)).describe("The items still to do, in the checklist's order; empty when the site is set up"),
    dismissed: z.boolean().describe('Whether this admin put the checklist away ("I\'ll do this later")'),
    agentsWithoutReferral: z
      .array(z.object({ id: z.string(), name: z.string(), isDefault: z.boolean().describe('The default agent (cannot be turned off)') }))
      .describe('Enabled agents with no referral code: BUY through them earns nothing'),
    currencyRates: z.number().int().describe('Exchange rates kept; none means the currency picker stays hidden'),
    ratesFeed: z.boolean().describe('Whether RATES_URL is set (rates are read once a day)'),
    mail: z.boolean().describe('Whether SMTP_URL and MAIL_FROM are set (password reset, email change)'),
    google: z.boolean().describe('Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set'),
    publicUrl: z.boolean().describe('Whether PUBLIC_URL is set'),
    authSecret: z.boolean().describe('Whether AUTH_SECRET is set (else a secret kept in the database signs sessions)'),
    demo: z
      .object({
        products: z.number().int().describe('Demo products still in the catalogue'),
        pictures: z.number().int().describe('Their pictures in the gallery'),
      })
      .describe('The demo catalogue of the first start'),
  })
  .register(apiSchemas, { id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupDismissalSchema = z.object({
  dismissed: z
    .boolean({ error: 'dismissed must be true or false' })
    .describe('true: put the checklist away for this account; false: show it again'),
});
export type SetupDismissal = z.infer<typeof setupDismissalSchema>;

export const demoRemovalSchema = z
  .object({
    changeId: z
      .string()
      .nullable()
      .describe('Pass to /api/admin/products/changes/{id}/undo to bring them back; null when nothing was removed'),
    products: z.number().int().describe('Demo products removed'),
    pictures: z.number().int().describe('Their pictures removed from the gallery'),
    summary: z.string(),
  })
  .register(apiSchemas, { id: 'DemoRemoval' });
export type DemoRemoval = z.infer<typeof demoRemovalSchema>;

/** Whether the site still needs its first admin (issue 40): a signed-out /admin then tells how to make one. */
export const ownerSetupStatusSchema = z
  .object({ needed: z.boolean().describe('True while no account has admin rights') })
  .register(apiSchemas, { id: 'OwnerSetupStatus' });
export type OwnerSetupStatus = z.infer<typeof ownerSetupStatusSchema>;

/** The owner form of the one-time setup address: the address's token, and the account to make. */
export const ownerSetupSchema = z
  .object({
    token: z.string().min(1).max(200).describe("The token of the start log's setup address (after #setup=)"),
    email: emailField,
    password: newPasswordField,
  })
  .register(apiSchemas, { id: 'OwnerSetup' });
export type OwnerSetupInput = z.infer<typeof ownerSetupSchema>;

export const ownerSetupResultSchema = z
  .object({
    email: z.string().describe('The owner account, now with admin and developer rights'),
    outcome: z.enum(['created', 'promoted', 'unchanged']).describe('Made now, or an existing account given the rights'),
  })
  .register(apiSchemas, { id: 'OwnerSetupResult' });
export type OwnerSetupResult = z.infer<typeof ownerSetupResultSchema>;
