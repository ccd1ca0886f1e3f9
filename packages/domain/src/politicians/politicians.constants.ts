/**
 * Political offices (spec 3 §3 "Political offices") and parties. The spec names 32 parties by
 * initials, name and number but shows only examples (MDB 15, PT 13, PSDB 45, PL 22, NOVO 30; UP
 * "in the enumeration only"). The list below is that one enumeration: the 29 parties registered at
 * the TSE after the 2022–2024 mergers (PTB + Patriota = PRD, PSC into Podemos, PROS into
 * Solidariedade, PMN renamed Mobiliza) plus the three merged parties whose ballot numbers no one
 * took over (PTB 14, PATRIOTA 51, PROS 90), kept so older records and the donation provider's list
 * still read; those three and UP are not offered for a new choice (`selectable`). Recorded in
 * docs/decisions.md. A record keeps the initials; the number is the party's ballot prefix.
 */
/** The offices of spec 3 §3, as the donation provider names them (its tipos_candidatura, ids 1–8 in this order). */
export const PROVIDER_OFFICES = [
  'PRESIDENTE',
  'GOVERNADOR',
  'PREFEITO',
  'SENADOR',
  'DEPUTADO_DISTRITAL',
  'DEPUTADO_FEDERAL',
  'DEPUTADO_ESTADUAL',
  'VEREADOR',
] as const;
export type ProviderOffice = (typeof PROVIDER_OFFICES)[number];

/**
 * The feminine form of each office (issue 40: 'Deputada Federal', 'Vereadora'…), stored as chosen and
 * sent to the provider as the office it names ('Presidente' serves both).
 */
const FEMININE_OFFICES = {
  GOVERNADORA: 'GOVERNADOR',
  PREFEITA: 'PREFEITO',
  SENADORA: 'SENADOR',
  DEPUTADA_DISTRITAL: 'DEPUTADO_DISTRITAL',
  DEPUTADA_FEDERAL: 'DEPUTADO_FEDERAL',
  DEPUTADA_ESTADUAL: 'DEPUTADO_ESTADUAL',
  VEREADORA: 'VEREADOR',
} as const satisfies Record<string, ProviderOffice>;

/** Every office a record may hold: each masculine form followed by its feminine one. */
export const POLITICAL_OFFICES = [
  'PRESIDENTE',
  'GOVERNADOR',
  'GOVERNADORA',
  'PREFEITO',
  'PREFEITA',
  'SENADOR',
  'SENADORA',
  'DEPUTADO_DISTRITAL',
  'DEPUTADA_DISTRITAL',
  'DEPUTADO_FEDERAL',
  'DEPUTADA_FEDERAL',
  'DEPUTADO_ESTADUAL',
  'DEPUTADA_ESTADUAL',
  'VEREADOR',
  'VEREADORA',
] as const;
export type PoliticalOffice = (typeof POLITICAL_OFFICES)[number];

export const POLITICAL_OFFICE_LABELS: Record<PoliticalOffice, string> = {
  PRESIDENTE: 'Presidente',
  GOVERNADOR: 'Governador',
  GOVERNADORA: 'Governadora',
  PREFEITO: 'Prefeito',
  PREFEITA: 'Prefeita',
  SENADOR: 'Senador',
  SENADORA: 'Senadora',
  DEPUTADO_DISTRITAL: 'Deputado Distrital',
  DEPUTADA_DISTRITAL: 'Deputada Distrital',
  DEPUTADO_FEDERAL: 'Deputado Federal',
  DEPUTADA_FEDERAL: 'Deputada Federal',
  DEPUTADO_ESTADUAL: 'Deputado Estadual',
  DEPUTADA_ESTADUAL: 'Deputada Estadual',
  VEREADOR: 'Vereador',
  VEREADORA: 'Vereadora',
};

/** The office as the donation provider knows it: a feminine form becomes its masculine one. */
export function providerOffice(office: PoliticalOffice): ProviderOffice {
  return Object.hasOwn(FEMININE_OFFICES, office)
    ? FEMININE_OFFICES[office as keyof typeof FEMININE_OFFICES]
    : (office as ProviderOffice);
}

/**
 * Digits of a candidate's ballot number by office, the electoral court's (TSE) rule: president,
 * governor and mayor 2 (the party's number); senator 3; federal deputy 4; state and district
 * deputy 5; councillor 5. Every number starts with the party's two digits (`ballotNumberProblem`).
 */
export const BALLOT_NUMBER_DIGITS: Readonly<Record<ProviderOffice, number>> = {
  PRESIDENTE: 2,
  GOVERNADOR: 2,
  PREFEITO: 2,
  SENADOR: 3,
  DEPUTADO_FEDERAL: 4,
  DEPUTADO_ESTADUAL: 5,
  DEPUTADO_DISTRITAL: 5,
  VEREADOR: 5,
};

export interface PoliticalParty {
  initials: string;
  name: string;
  number: number;
  /** offered for a new choice; false for UP (spec: "in the enumeration only") and merged parties */
  selectable: boolean;
}

const party = (initials: string, name: string, number: number, selectable = true): PoliticalParty => ({
  initials,
  name,
  number,
  selectable,
});

export const POLITICAL_PARTIES: readonly PoliticalParty[] = [
  party('AGIR', 'Agir', 36),
  party('AVANTE', 'Avante', 70),
  party('CIDADANIA', 'Cidadania', 23),
  party('DC', 'Democracia Cristã', 27),
  party('MDB', 'Movimento Democrático Brasileiro', 15),
  party('MOBILIZA', 'Mobilização Nacional', 33),
  party('NOVO', 'Partido Novo', 30),
  party('PATRIOTA', 'Patriota', 51, false),
  party('PCB', 'Partido Comunista Brasileiro', 21),
  party('PCdoB', 'Partido Comunista do Brasil', 65),
  party('PCO', 'Partido da Causa Operária', 29),
  party('PDT', 'Partido Democrático Trabalhista', 12),
  party('PL', 'Partido Liberal', 22),
  party('PMB', 'Partido da Mulher Brasileira', 35),
  party('PODE', 'Podemos', 20),
  party('PP', 'Progressistas', 11),
  party('PRD', 'Partido Renovação Democrática', 25),
  party('PROS', 'Partido Republicano da Ordem Social', 90, false),
  party('PRTB', 'Partido Renovador Trabalhista Brasileiro', 28),
  party('PSB', 'Partido Socialista Brasileiro', 40),
  party('PSD', 'Partido Social Democrático', 55),
  party('PSDB', 'Partido da Social Democracia Brasileira', 45),
  party('PSOL', 'Partido Socialismo e Liberdade', 50),
  party('PSTU', 'Partido Socialista dos Trabalhadores Unificado', 16),
  party('PT', 'Partido dos Trabalhadores', 13),
  party('PTB', 'Partido Trabalhista Brasileiro', 14, false),
  party('PV', 'Partido Verde', 43),
  party('REDE', 'Rede Sustentabilidade', 18),
  party('REPUBLICANOS', 'Republicanos', 10),
  party('SOLIDARIEDADE', 'Solidariedade', 77),
  party('UNIAO', 'União Brasil', 44),
  party('UP', 'Unidade Popular', 80, false),
];

/** The parties a form offers for a new choice (every party still reads through `partyOf`). */
export const SELECTABLE_POLITICAL_PARTIES: readonly PoliticalParty[] = POLITICAL_PARTIES.filter(
  (p) => p.selectable,
);

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
