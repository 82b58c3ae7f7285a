import { z } from 'zod';
import { apiSchemas } from './registry';
import { LANGUAGES, type LangCode } from '../i18n';

// A visitor's remembered choices (issue 16): the agent BUY opens and the currency prices show in. Kept in the
// browser for everyone and on the account when signed in; null means "not chosen" (the default agent, the base
// currency). A value the site no longer offers (an agent removed, a currency dropped) is treated as not chosen.

/** An agent's slug as agents store it. */
export const AGENT_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const AGENT_SLUG_MAX_LENGTH = 40;
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

export const agentPreferenceField = z
  .string({ message: 'The agent must be an agent’s short name.' })
  .max(AGENT_SLUG_MAX_LENGTH, `The agent must be at most ${AGENT_SLUG_MAX_LENGTH} characters.`)
  .regex(AGENT_SLUG_PATTERN, 'The agent must be an agent’s short name (lower-case letters, digits and hyphens).')
  .nullable();

export const currencyPreferenceField = z
  .string({ message: 'The currency must be a three-letter code such as EUR.' })
  .regex(CURRENCY_CODE_PATTERN, 'The currency must be a three-letter code such as EUR.')
  .nullable();

/** The site language the account reads pages and mails in (issue 41); null: not chosen (English mails). */
export const languagePreferenceField = z
  .enum(LANGUAGES.map((l) => l.code) as [LangCode, ...LangCode[]], { message: 'The language must be one of the site’s languages.' })
  .nullable();

export const preferencesSchema = z
  .object({
    agent: agentPreferenceField.describe('The chosen agent’s slug; null: the default agent'),
    currency: currencyPreferenceField.describe('The chosen display currency; null: the base currency'),
    language: languagePreferenceField.describe('The chosen site language (mails are written in it); null: not chosen'),
  })
  .register(apiSchemas, { id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /api/me/preferences: the fields to change; a field left out keeps its value, null clears it. */
export const preferencesInputSchema = z
  .strictObject({
    agent: agentPreferenceField.optional(),
    currency: currencyPreferenceField.optional(),
    language: languagePreferenceField.optional(),
  })
  .register(apiSchemas, { id: 'PreferencesChange' });
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;
