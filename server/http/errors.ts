// Turns every failure outside a handler (body parsing, size limit, unknown path) and any unexpected
// error into the reply envelope in the request's language. Bad input never becomes a 500.
import type { FastifyError, FastifyInstance } from 'fastify';
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
    request.log.error({ err: error }, 'request failed');
    return sendFailure(request, reply, new HttpError(500, 'request.failed'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendFailure(request, reply, new HttpError(404, 'request.notFound')),
  );
}
