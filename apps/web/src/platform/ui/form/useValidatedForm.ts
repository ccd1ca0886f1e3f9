import { useCallback, useMemo, useState } from 'react';
import { visibleErrors } from './formErrors.ts';

export interface Validation<P> {
  payload?: P;
  /** field path → messages, the API's error shape ('name', 'address.state', …) */
  errors: Record<string, string[]>;
}

/**
 * A drawer form: values, touched fields, the shared schema's errors (shown for touched fields)
 * and the errors the server answered on the last save (shown until the field changes).
 * `reveals` maps a field to others its touch reveals (e.g. e-mail reveals the one-of rule on name).
 */
export function useValidatedForm<V extends object, P>(
  initial: V,
  validate: (values: V) => Validation<P>,
  reveals: Record<string, string[]> = {},
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const validation = useMemo(() => validate(values), [values, validate]);

  const touch = useCallback(
    (field: string) => {
      setServerErrors((prev) => {
        if (!(field in prev)) return prev;
        const { [field]: _, ...rest } = prev;
        return rest;
      });
      setTouched((prev) => {
        const extra = reveals[field] ?? [];
        if (prev.has(field) && extra.every((f) => prev.has(f))) return prev;
        return new Set([...prev, field, ...extra]);
      });
    },
    [reveals],
  );

  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    touch(key);
    setValues((prev) => ({ ...prev, [key]: value }));
  };

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched(new Set());
    setServerErrors({});
  }, []);

  const errors = {
    ...visibleErrors(validation.errors, touched),
    ...visibleErrors(serverErrors, touched, true),
  };
  return { values, setValues, set, touch, errors, touched, validation, setServerErrors, reset };
}
