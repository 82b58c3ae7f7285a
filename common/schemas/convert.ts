import { z } from 'zod';
import { SOURCE_PLATFORMS } from '../agent-templates';
import { CONVERT_TEXTS } from '../texts/convert';
import { CONVERT_TEXT_MAX_LENGTH } from '../convert';
import { publicPromoSchema } from './agent';
import { controlCharacterMessage, isPlainText } from './fields';
import { productSchema } from './product';
import { apiSchemas } from './registry';

/** POST /api/convert: what the visitor pasted, and the agent they buy through (its link comes first). */
export const convertInputSchema = z.object({
  text: z
    .string({ error: () => CONVERT_TEXTS.empty })
    .trim()
    .min(1, { error: () => CONVERT_TEXTS.empty })
    .max(CONVERT_TEXT_MAX_LENGTH, { error: () => CONVERT_TEXTS.tooLong })
    .refine((v) => isPlainText(v, true), controlCharacterMessage('The text', true))
    .describe('A marketplace or agent link, or the share text an app copied (its first usable link is read)'),
  agent: z
    .string({ error: () => CONVERT_TEXTS.agentInvalid })
    .max(40, { error: () => CONVERT_TEXTS.agentInvalid })
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: () => CONVERT_TEXTS.agentInvalid })
    .optional()
    .describe("The visitor's agent (its slug): its link comes first; else the default agent's"),
});
export type ConvertInput = z.output<typeof convertInputSchema>;

export const convertedLinkSchema = z.object({
  agent: z.string().describe("The agent's slug (clicks are counted under it)"),
  name: z.string(),
  url: z.string().describe("The agent's link to the item, with the site's referral code"),
  isDefault: z.boolean(),
  promo: publicPromoSchema.nullable().describe("The agent's promotion running now"),
});
export type ConvertedLink = z.infer<typeof convertedLinkSchema>;

export const convertResultSchema = z
  .object({
    link: z.string().describe('The address read from the text'),
    followed: z.string().nullable().describe('Where the short link led; null when the text held the item link itself'),
    source: z.object({
      platform: z.enum(SOURCE_PLATFORMS),
      itemId: z.string(),
      name: z.string().describe("The marketplace's name"),
      url: z.string().describe("The item's own page on its marketplace"),
    }),
    links: z
      .array(convertedLinkSchema)
      .describe("Every enabled agent's link: the visitor's agent (else the default) first, then in the operator's order"),
    product: productSchema.nullable().describe('The item in our catalogue, when it is there (its first product)'),
  })
  .register(apiSchemas, { id: 'ConvertResult' });
export type ConvertResult = z.infer<typeof convertResultSchema>;
