import { z } from 'zod';

/** Public settings the storefront needs on its first paint (also inlined into index.html). */
export const siteConfigSchema = z
  .object({
    discountCode: z.string(),
    communityUrl: z.string(),
    referralUrl: z.string(),
    contactEmail: z.string(),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
