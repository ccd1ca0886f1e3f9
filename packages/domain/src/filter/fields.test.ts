import { describe, expect, it } from 'vitest';
import { BR_STATES, GENDERS, SEGMENT_TYPES } from '../crm/enums.ts';
import {
  COMPARE_OPERATORS,
  FILTER_FIELDS,
  fieldDef,
  LOGIC_LABELS,
  LOGIC_OPERATORS,
  OPERATOR_LABELS,
  OPERATORS_BY_KIND,
} from './fields.ts';

describe('filter fields', () => {
  it('each kind offers a subset of the operators, and every operator is used and labelled', () => {
    const used = new Set(Object.values(OPERATORS_BY_KIND).flat());
    expect([...used].sort()).toEqual([...COMPARE_OPERATORS].sort());
    expect(Object.keys(OPERATOR_LABELS).sort()).toEqual([...COMPARE_OPERATORS].sort());
    expect(OPERATORS_BY_KIND.string).toEqual(['=', 'CONTAINS', 'STARTS_WITH']);
    expect(OPERATORS_BY_KIND.number).toEqual(OPERATORS_BY_KIND.date);
    expect(OPERATORS_BY_KIND.birthDate).toEqual(['=', 'BETWEEN']);
    expect(OPERATORS_BY_KIND.tags).toEqual(['=', 'IN', 'IN_ALL']);
    expect(Object.keys(LOGIC_LABELS)).toEqual([...LOGIC_OPERATORS]);
  });

  it('field names are unique per type; enums list their values; autocompletes name their source', () => {
    for (const type of SEGMENT_TYPES) {
      const fields = FILTER_FIELDS[type];
      expect(new Set(fields.map((f) => f.field)).size, type).toBe(fields.length);
      for (const f of fields) {
        expect(f.label, f.field).not.toBe('');
        if (f.kind === 'enum') expect(f.values?.length, f.field).toBeGreaterThan(0);
        else expect(f.values, f.field).toBeUndefined();
        expect(f.kind === 'autocomplete', f.field).toBe(f.source !== undefined);
      }
    }
  });

  it('the team filters like people; companies have their own whitelist', () => {
    expect(FILTER_FIELDS.TEAM).toBe(FILTER_FIELDS.PERSON);
    expect(fieldDef('PERSON', 'gender')).toMatchObject({ kind: 'enum', values: GENDERS });
    expect(fieldDef('COMPANY', 'state')).toMatchObject({ kind: 'enum', values: BR_STATES });
    expect(fieldDef('PERSON', 'birthDate')?.kind).toBe('birthDate');
    expect(fieldDef('PERSON', 'influence')?.kind).toBe('number');
    expect(fieldDef('COMPANY', 'mainContactCode')).toMatchObject({ kind: 'autocomplete', source: 'person' });
    expect(fieldDef('TEAM', 'createPersonCode')).toMatchObject({ kind: 'autocomplete', source: 'user' });
    for (const personOnly of ['vote', 'cpf', 'birthDate', 'godfatherCode', 'influence'])
      expect(fieldDef('COMPANY', personOnly), personOnly).toBeUndefined();
    for (const companyOnly of ['cnpj', 'mainContactCode'])
      expect(fieldDef('PERSON', companyOnly), companyOnly).toBeUndefined();
    expect(fieldDef('PERSON', 'password')).toBeUndefined();
    expect(fieldDef('PERSON', 'constructor')).toBeUndefined();
  });
});
