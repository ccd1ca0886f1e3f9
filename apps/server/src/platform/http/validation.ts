import { fieldErrors, MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { type AppError, badRequest } from './errors.ts';

const PARTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;
type Part = keyof typeof PARTS;

/**
 * The 400 of a request whose body, query, params or headers failed their zod schema:
 * `{ message, errors: { field: [pt-BR messages] } }`, with 'Campo informado não existe' for unknown
 * keys (fieldErrors of the domain). `message` is the general text for body errors (e.g. 'Preencha os
 * campos corretamente para prosseguir'). Every validation failure of the API goes through here.
 */
export function validationFailure(
  request: FastifyRequest,
  error: Error & { validationContext?: string },
  message: string = MESSAGES.validation,
): AppError {
  const context = (error.validationContext ?? 'body') as Part;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    | ZodType
    | undefined;
  const result = schema?.safeParse(request[PARTS[context]]);
  const errors = result && !result.success ? fieldErrors(result.error.issues) : { _: [MESSAGES.validation] };
  return badRequest(context === 'body' ? message : MESSAGES.validation, errors);
}

/** For routes declared with `strictInput(message)`: the validation failure, with `message`. */
export function assertValidInput(request: FastifyRequest, message: string = MESSAGES.validation): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error) throw validationFailure(request, error, message);
}

/** Route options: validation errors reach the handler's pre-handler, which answers them in pt-BR. */
export function strictInput(message: string = MESSAGES.validation) {
  return {
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => assertValidInput(request, message),
  } as const;
}
