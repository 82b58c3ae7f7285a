import { COMMON_TEXTS } from '../../common/texts/common';
import { ApiError } from './api-client';

/** The sentence to show for a failed call: the server's own when it sent one. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return COMMON_TEXTS.somethingWentWrong;
}
