/** Fields stored as digits only (masks removed on save): their values are compared as digits. */
export const DIGIT_FIELDS: ReadonlySet<string> = new Set(['cpf', 'cellphone', 'cnpj']);

export const onlyDigits = (value: string) => value.replace(/\D/g, '');
