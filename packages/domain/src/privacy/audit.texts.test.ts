import { describe, expect, it } from 'vitest';
import {
  type AuditNames,
  auditNamedCodes,
  auditRequestCode,
  auditSubject,
  personInitials,
} from './audit.texts.ts';

const REQUEST = '13d39b1d-2c4e-4f7a-9b1d-2c4e4f7a9b1d';
const names = (requests: [string, string][], people: [string, string][]): AuditNames => ({
  requests: new Map(requests),
  people: new Map(people),
});

describe('personInitials', () => {
  it('keeps the first and last initials, skipping short particles, and keeps initials given', () => {
    expect(personInitials('Maria da Silva')).toBe('M. S.');
    expect(personInitials('Ana Almeida')).toBe('A. A.');
    expect(personInitials('ana')).toBe('A.');
    expect(personInitials('M. S.')).toBe('M. S.');
    expect(personInitials('  ')).toBe('—');
  });
});

describe('auditSubject (issue 40: no raw ids, people by initials)', () => {
  it('names a request by its kind and its titular, by initials when the reader may see them', () => {
    const detail = { kind: 'ACCESS', channel: 'EMAIL', personCode: '34', request: REQUEST };
    const seen = names([[REQUEST, 'Ana Almeida']], []);
    expect(auditSubject('PRIVACY_REQUEST', `Solicitação ${REQUEST}`, detail, seen)).toBe(
      'Acesso aos dados · titular A. A.',
    );
    expect(auditSubject('PRIVACY_FULFIL', `Solicitação ${REQUEST}`, detail, seen)).toBe(
      'Acesso aos dados · titular A. A.',
    );
    // a titular the reader may not see (or no longer known): by code, never by name or request id
    expect(auditSubject('PRIVACY_REQUEST', `Solicitação ${REQUEST}`, detail)).toBe(
      'Acesso aos dados · titular código 34',
    );
  });

  it('reads the request of a row written before issue 40 from its subject', () => {
    const detail = { kind: 'DELETION', personCode: '7' };
    expect(auditRequestCode('PRIVACY_FULFIL', `Solicitação ${REQUEST.toUpperCase()}`, detail)).toBe(REQUEST);
    expect(
      auditSubject('PRIVACY_FULFIL', `Solicitação ${REQUEST}`, detail, names([[REQUEST, 'J. P.']], [])),
    ).toBe('Eliminação · titular J. P.');
    expect(auditRequestCode('PRIVACY_FULFIL', 'Solicitação 12', detail)).toBeUndefined();
    expect(auditRequestCode('EXPORT', `Solicitação ${REQUEST}`, detail)).toBeUndefined();
  });

  it("names a merge's people: the merged ones and the one that stayed", () => {
    const detail = { survivor: 12, merged: '34', moved: 3, removed: 0 };
    const seen = names(
      [],
      [
        ['12', 'Ana Almeida'],
        ['34', 'Ana de Almeida'],
      ],
    );
    expect(auditSubject('MERGE', 'Mesclagem 1', detail, seen)).toBe('Cadastro de A. A. mesclado ao de A. A.');
    expect(auditSubject('MERGE_UNDO', 'Mesclagem 1', detail, seen)).toBe(
      'Cadastro de A. A. mesclado ao de A. A.',
    );
    expect(
      auditSubject(
        'MERGE',
        'Mesclagem 2',
        { survivor: 12, merged: '34,35,36' },
        names([], [['12', 'Bia Souza']]),
      ),
    ).toBe('Cadastros de código 34, código 35 e código 36 mesclados ao de B. S.');
  });

  it('keeps the stored subject of other rows, and of a detail it cannot read', () => {
    expect(auditSubject('EXPORT', 'Exportação: PERSON', { kind: 'PERSON' })).toBe('Exportação: Pessoas');
    expect(auditSubject('BULK_DELETE', '2 pessoas excluídas', { count: 2 })).toBe('2 pessoas excluídas');
    expect(auditSubject('MERGE', 'Mesclagem 3', { survivor: 'x', merged: '1' })).toBe('Mesclagem 3');
    expect(auditSubject('MERGE', 'Mesclagem 3', { survivor: 1, merged: '1,99999999999999999' })).toBe(
      'Mesclagem 3',
    );
  });

  it('lists the requests and people a page names, once each', () => {
    expect(
      auditNamedCodes([
        { action: 'PRIVACY_REQUEST', subject: 'x', detail: { request: REQUEST } },
        { action: 'PRIVACY_FULFIL', subject: `Solicitação ${REQUEST}`, detail: {} },
        { action: 'MERGE', subject: 'Mesclagem 1', detail: { survivor: 12, merged: '34,35' } },
        { action: 'MERGE_UNDO', subject: 'Mesclagem 1', detail: { survivor: 12, merged: '34,35' } },
        { action: 'EXPORT', subject: 'x', detail: { survivor: 1, merged: '2' } },
      ]),
    ).toEqual({ requests: [REQUEST], people: ['12', '34', '35'] });
  });
});
