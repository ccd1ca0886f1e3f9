import { POLITICAL_OFFICE_LABELS, POLITICAL_PARTIES, PROVIDER_OFFICES } from '@mandato/domain';

/**
 * The provider's parties and candidacy types. Parties: the domain's enumeration of spec 3 §3 but
 * UP (in the enumeration only), each identified by its ballot number. Candidacy types: the eight
 * offices, ids 1–8 in the order of PROVIDER_OFFICES (masculine: the feminine forms are ours).
 */
export const PARTIES = POLITICAL_PARTIES.filter((p) => p.initials !== 'UP').map((p) => ({
  id: p.number,
  sigla: p.initials,
  nome: p.name,
}));

export const OFFICES = PROVIDER_OFFICES.map((office, index) => ({
  id: index + 1,
  descricao: POLITICAL_OFFICE_LABELS[office],
}));

export const PARTY_IDS: ReadonlySet<number> = new Set(PARTIES.map((p) => p.id));
export const OFFICE_IDS: ReadonlySet<number> = new Set(OFFICES.map((o) => o.id));
