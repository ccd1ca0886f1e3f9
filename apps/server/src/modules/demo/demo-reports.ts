import { addDays, addMonths, INTERACTION_CHANNELS, parseDateTime, zonedDate } from '@mandato/domain';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { insertInteraction } from '../interactions/interactions.lookup.ts';
import { insertPerson } from '../people/people-batch.lookup.ts';
import { usersByCodes } from '../users/users.lookup.ts';

const GODFATHERS = [
  { name: 'Renata Albuquerque', influence: 30 },
  { name: 'Joaquim Bezerra', influence: 20 },
  { name: 'Luciana Prado', influence: 12 },
  { name: 'Sebastião Nogueira', influence: 8 },
  { name: 'Vera Lúcia Campos', influence: 15 },
];
/** Which godfather each affiliate gets, by turn: uneven, as real campaigns are. */
const SHARES = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4];
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gisele',
  'Heitor',
  'Iara',
  'Júlio',
  'Kátia',
  'Leandro',
];
const LAST = ['Moura', 'Teixeira', 'Ribeiro', 'Pacheco', 'Farias', 'Queiroz', 'Barros', 'Siqueira'];
const NOTES = [
  'Ligou pedindo informações sobre a reforma da UBS',
  'Convite para reunião no bairro',
  'Retorno sobre pedido de poda de árvore',
  'Agradeceu a visita do gabinete',
  'Pediu apoio para evento da associação',
  'Sugestão para a audiência pública',
];

/** People the reports sample adds to the 150 of demo-sample.ts: the godfathers and 72 more. */
export const DEMO_REPORT_PEOPLE = 5 + 72;

/**
 * Data for the reports of the demo sample (npm start on an empty database): five godfathers with
 * goals and the people registered under them, created over the last twelve months (the growth
 * chart), and interactions spread over the last four months and the next days, in every state.
 */
export async function seedDemoReports(db: Database, tenantId: string, adminCode: string, now = new Date()) {
  await withTenant(db, tenantId, async (ctx) => {
    const admin = (await usersByCodes(ctx, [adminCode])).get(adminCode);
    if (!admin) return;
    const createdBy = String(admin.id);
    const today = zonedDate(now);
    const at = (day: string, time = '10:00') => parseDateTime(`${day} ${time}`)?.instant ?? now;
    const godfathers: string[] = [];
    for (const [i, g] of GODFATHERS.entries()) {
      godfathers.push(
        await insertPerson(ctx, {
          name: g.name,
          influence: g.influence,
          vote: 'CONQUERED',
          created_by: createdBy,
          created_at: at(addDays(addMonths(today, -11 + i), 3)),
        }),
      );
    }
    const people: string[] = [...godfathers];
    for (let i = 0; i < DEMO_REPORT_PEOPLE - GODFATHERS.length; i++) {
      // more people in recent months: month offset 0..11 weighted towards now
      const monthsBack = Math.floor(((i * 7) % 72) / 6) % 12;
      const day = addDays(addMonths(today, -monthsBack), (i * 3) % 27);
      // never after today ('YYYY-MM-DD' compares as text)
      const created = [day, today].sort()[0] as string;
      people.push(
        await insertPerson(ctx, {
          name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]} ${LAST[(i * 3 + 1) % LAST.length]}`,
          vote: i % 5 === 0 ? 'LOST' : i % 3 === 0 ? 'TO_CONQUER' : 'CONQUERED',
          godfather_id: i % 6 === 5 ? null : (godfathers[SHARES[i % SHARES.length] ?? 0] ?? null),
          created_by: createdBy,
          created_at: at(created, '15:00'),
        }),
      );
    }
    for (let i = 0; i < 40; i++) {
      const day = addDays(today, -((i * 11) % 120) + (i % 8 === 0 ? 3 : 0));
      const begin = at(day, `${String(8 + (i % 9)).padStart(2, '0')}:00`);
      const end = new Date(begin.getTime() + 30 * 60_000);
      const past = end < now;
      await insertInteraction(
        ctx,
        {
          personId: people[(i * 7) % people.length] as string,
          source: INTERACTION_CHANNELS[i % INTERACTION_CHANNELS.length] as string,
          description: NOTES[i % NOTES.length] as string,
          beginAt: begin.toISOString(),
          endAt: end.toISOString(),
          responsibleId: createdBy,
          status: past && i % 3 !== 0 ? 'CONCLUDED' : 'IN_PROGRESS',
        },
        createdBy,
      );
    }
  });
}
