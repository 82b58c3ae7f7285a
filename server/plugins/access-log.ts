import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer came from memory without any work: the response cache's hits, or a refusal under load. */
    answeredWithoutWork: boolean;
  }
}

/**
 * The access log (decision 0041): one line per request that did work, with its method, address (secrets redacted
 * by the request serializer), status and time, instead of Fastify's two lines for every request. Answers given
 * from memory (the response cache's hits, a load-shedding 503) are logged at debug: under a crowd they are most
 * requests, and log lines written as they come cost each of them more than the answer itself (at LOG_LEVEL=info,
 * the model traffic ran at about half the rate with Fastify's request logging as without any). Refusals are summed
 * up by `summarized` instead.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (request.answeredWithoutWork) request.log.debug(line, 'request completed from memory');
    else request.log.info(line, 'request completed');
  }
}

/**
 * A warning that may come thousands of times a second (every request refused under a flood, every request while
 * the database is away): the first is logged at once; those within `intervalMs` after it are counted, and the count
 * is logged as one line when the interval ends.
 */
export function summarized(log: () => FastifyBaseLogger, message: string, intervalMs = 10_000): (detail?: Record<string, unknown>) => void {
  let quietUntil = -Infinity;
  let counted = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (counted > 0) log().warn({ count: counted }, `${message}: ${counted} more in the last ${intervalMs / 1000} s`);
    counted = 0;
  };
  return (detail = {}) => {
    const now = Date.now();
    if (now < quietUntil) {
      counted++;
      timer ??= setTimeout(flush, quietUntil - now).unref();
      return;
    }
    // The interval has ended: its count first (when its timer has not yet written it), then this one.
    if (timer) {
      clearTimeout(timer);
      flush();
    }
    log().warn(detail, message);
    quietUntil = now + intervalMs;
  };
}
