import type { FormRule } from 'antd';

/** What the field rules need of a zod schema (avoids a direct zod dependency). */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** An antd Form rule that validates one field with the domain's zod schema and shows its message. */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Valor inválido para o campo');
    },
  };
}
