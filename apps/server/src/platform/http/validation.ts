import { fieldErrors, MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { badRequest } from './errors.ts';

const PARTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;
type Part = keyof typeof PARTS;

/**
 * For routes declared with `strictInput(message)`: a request whose body, query or params fail
 * their zod schema becomes 400 `{ message, errors: { field: [pt-BR messages] } }`, with
 * 'Campo informado não existe' for unknown keys (fieldErrors of the domain). `message` is the
 * general text for body errors (e.g. 'Preencha os campos corretamente para prosseguir').
 */
export function assertValidInput(request: FastifyRequest, message: string = MESSAGES.validation): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (!error) return;
  const context = (error.validationContext ?? 'body') as Part;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    | ZodType
    | undefined;
  const result = schema?.safeParse(request[PARTS[context]]);
  const errors = result && !result.success ? fieldErrors(result.error.issues) : { _: [MESSAGES.validation] };
  throw badRequest(context === 'body' ? message : MESSAGES.validation, errors);
}

/** Route options: validation errors reach the handler's pre-handler, which answers them in pt-BR. */
export function strictInput(message: string = MESSAGES.validation) {
  return {
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => assertValidInput(request, message),
  } as const;
}
