// Turns every failure outside a handler (body parsing, size limit, unknown path) and any unexpected
// error into the reply envelope in the request's language. Bad input never becomes a 500; a database that
// is out of reach for the moment is a 503 with Retry-After.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/faults';
import { BusinessError, HttpError, sendFailure } from './action';

export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) return sendFailure(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendFailure(
        request,
        reply,
        new HttpError(413, 'request.tooLarge', { limit: Math.floor(bodyLimit / 1024) }),
      );
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendFailure(request, reply, new HttpError(415, 'request.unsupportedMediaType'));
    }
    if (status === 400) return sendFailure(request, reply, new HttpError(400, 'request.invalidJson'));
    if (status > 400 && status < 500) {
      return sendFailure(request, reply, new HttpError(status, 'request.invalid', { detail: error.message }));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database restarted, dropped the connection or hit a timeout. The client may retry
      // (writes carry idempotency keys), and the process goes on serving.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return sendFailure(request, reply, new HttpError(503, 'service.unavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendFailure(request, reply, new HttpError(500, 'request.failed'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendFailure(request, reply, new HttpError(404, 'request.notFound')),
  );
}
