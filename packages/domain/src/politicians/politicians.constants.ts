/**
 * Political offices (spec 3 §3 "Political offices") and parties. The spec names 32 parties by
 * initials, name and number but shows only examples (MDB 15, PT 13, PSDB 45, PL 22, NOVO 30; UP
 * "in the enumeration only"): the list below is the parties registered at the TSE after the
 * 2022–2024 mergers (PTB + Patriota = PRD, PSC into Podemos, PMN renamed Mobiliza), recorded in
 * docs/decisions.md. A record keeps the initials; the number is the party's ballot prefix.
 */
export const POLITICAL_OFFICES = [
  'PRESIDENTE',
  'GOVERNADOR',
  'PREFEITO',
  'SENADOR',
  'DEPUTADO_DISTRITAL',
  'DEPUTADO_FEDERAL',
  'DEPUTADO_ESTADUAL',
  'VEREADOR',
] as const;
export type PoliticalOffice = (typeof POLITICAL_OFFICES)[number];

export const POLITICAL_OFFICE_LABELS: Record<PoliticalOffice, string> = {
  PRESIDENTE: 'Presidente',
  GOVERNADOR: 'Governador',
  PREFEITO: 'Prefeito',
  SENADOR: 'Senador',
  DEPUTADO_DISTRITAL: 'Deputado Distrital',
  DEPUTADO_FEDERAL: 'Deputado Federal',
  DEPUTADO_ESTADUAL: 'Deputado Estadual',
  VEREADOR: 'Vereador',
};

/** Digits of a candidate's ballot number by office (TSE): 2 for executive, 3 senate, 4 deputies, 5 councillors. */
export const BALLOT_NUMBER_DIGITS: Record<PoliticalOffice, number> = {
  PRESIDENTE: 2,
  GOVERNADOR: 2,
  PREFEITO: 2,
  SENADOR: 3,
  DEPUTADO_DISTRITAL: 4,
  DEPUTADO_FEDERAL: 4,
  DEPUTADO_ESTADUAL: 4,
  VEREADOR: 5,
};

export interface PoliticalParty {
  initials: string;
  name: string;
  number: number;
}

export const POLITICAL_PARTIES: readonly PoliticalParty[] = [
  { initials: 'AGIR', name: 'Agir', number: 36 },
  { initials: 'AVANTE', name: 'Avante', number: 70 },
  { initials: 'CIDADANIA', name: 'Cidadania', number: 23 },
  { initials: 'DC', name: 'Democracia Cristã', number: 27 },
  { initials: 'MDB', name: 'Movimento Democrático Brasileiro', number: 15 },
  { initials: 'MOBILIZA', name: 'Mobilização Nacional', number: 33 },
  { initials: 'NOVO', name: 'Partido Novo', number: 30 },
  { initials: 'PCB', name: 'Partido Comunista Brasileiro', number: 21 },
  { initials: 'PCdoB', name: 'Partido Comunista do Brasil', number: 65 },
  { initials: 'PCO', name: 'Partido da Causa Operária', number: 29 },
  { initials: 'PDT', name: 'Partido Democrático Trabalhista', number: 12 },
  { initials: 'PL', name: 'Partido Liberal', number: 22 },
  { initials: 'PMB', name: 'Partido da Mulher Brasileira', number: 35 },
  { initials: 'PODE', name: 'Podemos', number: 20 },
  { initials: 'PP', name: 'Progressistas', number: 11 },
  { initials: 'PRD', name: 'Partido Renovação Democrática', number: 25 },
  { initials: 'PRTB', name: 'Partido Renovador Trabalhista Brasileiro', number: 28 },
  { initials: 'PSB', name: 'Partido Socialista Brasileiro', number: 40 },
  { initials: 'PSD', name: 'Partido Social Democrático', number: 55 },
  { initials: 'PSDB', name: 'Partido da Social Democracia Brasileira', number: 45 },
  { initials: 'PSOL', name: 'Partido Socialismo e Liberdade', number: 50 },
  { initials: 'PSTU', name: 'Partido Socialista dos Trabalhadores Unificado', number: 16 },
  { initials: 'PT', name: 'Partido dos Trabalhadores', number: 13 },
  { initials: 'PV', name: 'Partido Verde', number: 43 },
  { initials: 'REDE', name: 'Rede Sustentabilidade', number: 18 },
  { initials: 'REPUBLICANOS', name: 'Republicanos', number: 10 },
  { initials: 'SOLIDARIEDADE', name: 'Solidariedade', number: 77 },
  { initials: 'UNIAO', name: 'União Brasil', number: 44 },
  { initials: 'UP', name: 'Unidade Popular', number: 80 },
];

export const POLITICAL_PARTY_INITIALS = POLITICAL_PARTIES.map((p) => p.initials) as [string, ...string[]];

export const partyOf = (initials: string): PoliticalParty | undefined =>
  POLITICAL_PARTIES.find((p) => p.initials === initials);

/**
 * Título de eleitor (12 digits: 8 of sequence, 2 of the state code 01–28, 2 check digits), the
 * official check-digit algorithm of the TSE: modulo 11, weights 2–9 then 7, 8, 9; a remainder of 10
 * is 0, and for São Paulo (01) and Minas Gerais (02) a remainder of 0 is 1.
 */
export function isValidVoterRegistration(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (!/^\d{12}$/.test(d)) return false;
  const n = [...d].map(Number);
  const uf = Number(d.slice(8, 10));
  if (uf < 1 || uf > 28) return false;
  const spOrMg = uf === 1 || uf === 2;
  const digit = (sum: number) => {
    const rest = sum % 11;
    if (rest === 10) return 0;
    if (rest === 0 && spOrMg) return 1;
    return rest;
  };
  const first = digit(n.slice(0, 8).reduce((acc, v, i) => acc + v * (i + 2), 0));
  const second = digit((n[8] ?? 0) * 7 + (n[9] ?? 0) * 8 + first * 9);
  return first === n[10] && second === n[11];
}

/** Mask of a título de eleitor: 0000 0000 0000. */
export function formatVoterRegistration(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 12);
  return d.replace(/^(\d{4})(\d{0,4})(\d{0,4}).*$/, (_, a: string, b: string, c: string) =>
    [a, b, c].filter(Boolean).join(' '),
  );
}
