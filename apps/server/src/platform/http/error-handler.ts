import { MESSAGES } from '@mandato/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { validationFailure } from './validation.ts';

/** Every failure leaves as `{ message, errors }` with the right status; nothing else leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ message: error.message, errors: error.errors ?? error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failure = validationFailure(request, error);
      return reply.status(400).send({ message: failure.message, errors: failure.errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ message: MESSAGES.payloadTooLarge, errors: MESSAGES.payloadTooLarge });
    if (status === 429)
      return reply.status(429).send({ message: MESSAGES.tooManyAttempts, errors: MESSAGES.tooManyAttempts });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? MESSAGES.malformedJson
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? MESSAGES.unsupportedMediaType
            : MESSAGES.validation;
      return reply.status(400).send({ message, errors: message });
    }
    request.log.error({ err: error }, 'erro não tratado');
    return reply.status(500).send({ message: MESSAGES.internalError, errors: MESSAGES.internalError });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: MESSAGES.notFound, errors: MESSAGES.routeNotFound(request.method, request.url) });
  });
}
