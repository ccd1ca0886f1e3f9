import type { DuplicateGroup, PrivacyRequestRow } from '../privacyTypes.ts';

/** A request row as GET /privacy/requests answers it; `over` changes what a test is about. */
export function requestRow(over: Partial<PrivacyRequestRow> = {}): PrivacyRequestRow {
  return {
    code: '11',
    personCode: '5',
    personName: 'Maria Lima',
    kind: 'ACCESS',
    channel: 'EMAIL',
    status: 'OPEN',
    createdAt: '2026-11-20T12:00:00.000Z',
    dueAt: '2026-12-05T12:00:00.000Z',
    daysLeft: 9,
    handledBy: null,
    handledAt: null,
    notes: null,
    ...over,
  };
}

export const anaGroup: DuplicateGroup = {
  key: 'EMAIL',
  keys: ['EMAIL', 'NAME_BIRTH'],
  score: 95,
  people: [
    {
      code: 7,
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      mobile: '11988887777',
      createdAt: '2026-02-01T10:00:00.000Z',
    },
    {
      code: 3,
      name: 'Ana M. Souza',
      email: 'ana@exemplo.com.br',
      cpf: '52998224725',
      createdAt: '2025-05-01T10:00:00.000Z',
    },
  ],
};

/** The JSON answer the client reads, in the API's envelope. */
export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ data }), { status, headers: { 'Content-Type': 'application/json' } });
