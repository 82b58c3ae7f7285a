import { z } from 'zod';
import { CURRENCIES } from '../currency';
import { apiSchemas } from './registry';

/** Public settings the storefront needs on its first paint (also inlined into index.html). */
export const siteConfigSchema = z
  .object({
    discountCode: z.string(),
    communityUrl: z.string(),
    referralUrl: z.string(),
    contactEmail: z.string(),
    googleSignIn: z.boolean().describe('Whether Google sign-in is configured on this server'),
    passwordReset: z.boolean().describe('Whether this server sends mail, so a forgotten password can be reset'),
    googleRedirectUri: z
      .string()
      .nullable()
      .describe("The address Google is told to return to (PUBLIC_URL's); null when it follows the address the visitor opened"),
    baseCurrency: z.enum(CURRENCIES).describe('The currency prices are stored in (BASE_CURRENCY); visitors may see them converted'),
    https: z.boolean().describe('Whether the site is served over HTTPS (PUBLIC_URL is https://); the data security page says so only then'),
  })
  .register(apiSchemas, { id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
