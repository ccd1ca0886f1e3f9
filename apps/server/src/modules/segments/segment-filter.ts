import { CRM_MESSAGES, expressionErrors, type FilterExpression, type SegmentType } from '@mandato/domain';
import { badRequest } from '../../platform/http/errors.ts';

/** 400 'Expressão de filtro inválida' with the domain's pt-BR messages when not valid for the type. */
export function assertExpression(type: SegmentType, expression: FilterExpression) {
  const errors = expressionErrors(type, expression);
  if (errors.length > 0) throw badRequest(CRM_MESSAGES.invalidExpression, errors);
}
