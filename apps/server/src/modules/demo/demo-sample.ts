import { DEMO, type FilterExpression } from '@mandato/domain';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { insertCompany } from '../companies/companies.lookup.ts';
import { insertPerson } from '../people/people-batch.lookup.ts';
import { insertSegment } from '../segments/segments.lookup.ts';
import { ensureTag } from '../tags/tags.service.ts';
import { usersByCodes } from '../users/users.lookup.ts';
import { seedDemoAgenda } from './demo-agenda.ts';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
];
const MORE = [
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olívia',
  'Paulo',
  'Rafaela',
  'Sérgio',
  'Tatiane',
  'Vitor',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
];
const PLACES = [
  { city: 'São Paulo', state: 'SP', ddd: '11', neighborhood: 'Mooca' },
  { city: 'Campinas', state: 'SP', ddd: '19', neighborhood: 'Cambuí' },
  { city: 'Rio de Janeiro', state: 'RJ', ddd: '21', neighborhood: 'Tijuca' },
  { city: 'Belo Horizonte', state: 'MG', ddd: '31', neighborhood: 'Savassi' },
  { city: 'Salvador', state: 'BA', ddd: '71', neighborhood: 'Barra' },
  { city: 'Recife', state: 'PE', ddd: '81', neighborhood: 'Boa Viagem' },
  { city: 'Fortaleza', state: 'CE', ddd: '85', neighborhood: 'Aldeota' },
  { city: 'Porto Alegre', state: 'RS', ddd: '51', neighborhood: 'Menino Deus' },
];
const TAGS = ['Saúde', 'Educação', 'Juventude', 'Esporte', 'Liderança comunitária', 'Igreja'];
const SCHOOLS = [
  'Escola Estadual Rui Barbosa',
  'Escola Municipal Anísio Teixeira',
  'Colégio Estadual Castro Alves',
];

/** A small deterministic generator (xorshift32): the same sample on every machine. */
function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return Math.floor((state / 4294967296) * n);
  };
}

/**
 * Sample records for a first look at the demo tenant (`npm start` on an empty database): 150
 * contacts across eight cities with tags, votes, influence and birthdays, three voting places and
 * two saved lists, and the admin's agenda with events around today (demo-agenda.ts). `npm run seed:demo` (what the journeys use) does not add them.
 */
export async function seedDemoSample(db: Database, tenantId: string, adminCode: string): Promise<void> {
  const pick = sequence(2024);
  await withTenant(db, tenantId, async (ctx) => {
    const admin = (await usersByCodes(ctx, [adminCode])).get(adminCode);
    if (!admin) return;
    const createdBy = String(admin.id);
    const tags: Awaited<ReturnType<typeof ensureTag>>[] = [];
    for (const name of TAGS) tags.push(await ensureTag(ctx, name));
    const schools: string[] = [];
    for (const [i, name] of SCHOOLS.entries()) {
      const place = PLACES[i] ?? PLACES[0];
      schools.push(
        await insertCompany(
          ctx,
          {
            name,
            cnpj: null,
            email: null,
            phone: null,
            zip_code: null,
            street: 'Rua da Escola',
            number: String(100 + i * 10),
            complement: null,
            neighborhood: place?.neighborhood ?? null,
            city: place?.city ?? null,
            state: place?.state ?? null,
            main_contact_id: null,
            tag_ids: [],
          },
          createdBy,
        ),
      );
    }
    const firstNames = [...FIRST, ...MORE];
    for (let i = 0; i < 150; i++) {
      const place = PLACES[pick(PLACES.length)] ?? PLACES[0];
      const first = firstNames[i % firstNames.length];
      const last = LAST[pick(LAST.length)];
      const roll = pick(100);
      const vote = roll < 35 ? 'CONQUERED' : roll < 85 ? 'TO_CONQUER' : 'LOST';
      // four in five people have one or two tags
      const tagIds = [...new Set([pick(TAGS.length), pick(TAGS.length)])]
        .slice(0, pick(5) === 0 ? 0 : 1 + pick(2))
        .map((t) => String(tags[t]?.id));
      await insertPerson(ctx, {
        name: `${first} ${last}`,
        email:
          i % 3 === 0
            ? `${first}.${last}${i}@exemplo.com.br`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
            : null,
        cellphone: `${place?.ddd}9${String(81000000 + pick(18999999))}`,
        birth_date: `${1950 + pick(55)}-${String(1 + pick(12)).padStart(2, '0')}-${String(1 + pick(28)).padStart(2, '0')}`,
        neighborhood: place?.neighborhood ?? null,
        city: place?.city ?? null,
        state: place?.state ?? null,
        company_id: i % 5 === 0 ? (schools[pick(schools.length)] ?? null) : null,
        vote,
        influence: roll % 4 === 0 ? 1 + pick(10) : 0,
        tag_ids: tagIds,
        created_by: createdBy,
      });
    }
    const lists: { name: string; expression: FilterExpression }[] = [
      {
        name: 'Votos conquistados',
        expression: [{ units: [{ field: 'vote', operator: '=', values: ['CONQUERED'] }] }],
      },
      {
        name: 'Saúde no Nordeste',
        expression: [
          {
            units: [
              { field: 'tags', operator: 'IN', values: [Number(tags[0]?.id)] },
              'AND',
              { field: 'state', operator: 'IN', values: ['BA', 'PE', 'CE'] },
            ],
          },
        ],
      },
    ];
    for (const list of lists) await insertSegment(ctx, { ...list, type: 'PERSON' }, createdBy);
    await seedDemoAgenda(ctx, DEMO.slug, createdBy);
  });
}
