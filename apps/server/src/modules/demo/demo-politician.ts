import { PoliticianSaveSchema } from '@mandato/domain';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { ensurePolitician } from '../politicians/politicians.service.ts';

/** The demo's politician (Configurações › Políticos): fictitious, with valid check digits. */
export const DEMO_POLITICIAN = PoliticianSaveSchema.parse({
  name: 'Helena Duarte Ramos',
  ballotName: 'Helena Duarte',
  cpf: '390.533.447-05',
  voterRegistration: '0043 5687 0906',
  birthday: '1978-04-12',
  email: 'helena.duarte@demo.mandato.app',
  politicalOffice: 'DEPUTADO_ESTADUAL',
  politicalParty: 'PSB',
  candidateNumber: 40123,
  electoralState: 'PE',
  electoralCity: 'Recife',
  mobilePhone: '81987654321',
  address: { city: 'Recife', state: 'PE' },
});

export async function seedDemoPolitician(db: Database, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, (ctx) => ensurePolitician(ctx, DEMO_POLITICIAN));
}
