import { z } from 'zod';

export const categorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    relevance: z.number().int().describe('Sort number; categories list in ascending order of it, then by name'),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) }).meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof categoryListSchema>;
