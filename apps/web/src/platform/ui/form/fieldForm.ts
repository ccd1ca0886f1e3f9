/** What a bound field needs of a useValidatedForm: the values, the visible errors and the setter. */
export interface FieldForm<V> {
  values: V;
  errors: Record<string, string>;
  set: <K extends keyof V & string>(key: K, value: V[K]) => void;
}

/** The keys of V whose values are T (e.g. the string fields a text input may edit). */
export type KeysOfType<V, T> = { [K in keyof V & string]: V[K] extends T ? K : never }[keyof V & string];

/** The props every bound field takes: the form, the value it edits, its element id and its label. */
export interface BoundFieldProps<V, K extends keyof V & string> {
  form: FieldForm<V>;
  name: K;
  id: string;
  label: string;
  required?: boolean;
}
