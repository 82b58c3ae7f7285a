import { z } from 'zod';
import { apiSchemas } from './registry';

export const ERROR_CODES = [
  'VALIDATION',
  'NOT_FOUND',
  'GONE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODES),
    message: z.string().describe('A sentence fit to show the user'),
  })
  .register(apiSchemas, { id: 'Error' });
export type ApiErrorBody = z.infer<typeof errorSchema>;
