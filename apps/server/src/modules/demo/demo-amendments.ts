import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type AmendmentValues, seedAmendments } from '../amendments/amendments.service.ts';
import { usersByCodes } from '../users/users.lookup.ts';

/** A handful of amendments for the demo's 'Gestão de Emendas' (every status, two years). */
export function demoAmendments(now = new Date()): AmendmentValues[] {
  const year = now.getUTCFullYear();
  const row = (
    y: number,
    title: string,
    receiver: string,
    value: string,
    status: AmendmentValues['status'],
    description: string,
  ): AmendmentValues => ({ year: y, title, receiver, value, status, description, contactId: null });
  return [
    row(
      year,
      'Recife - PE',
      'Secretaria Municipal de Saúde',
      '350000.00',
      'ANALISYS',
      'Reforma da UBS do Ibura',
    ),
    row(year, 'Olinda - PE', 'Fundo Municipal de Saúde', '120000.50', 'ANALISYS', 'Compra de ambulância'),
    row(
      year,
      'Caruaru - PE',
      'Secretaria de Educação',
      '480000.00',
      'WAITING_PAYMENT',
      'Quadra poliesportiva escolar',
    ),
    row(
      year,
      'Petrolina - PE',
      'Secretaria de Agricultura',
      '95000.00',
      'PENDDING',
      'Equipamentos para a feira do produtor',
    ),
    row(year - 1, 'Recife - PE', 'Fundação de Cultura', '80000.00', 'PAID', 'Festival de música de rua'),
    row(
      year - 1,
      'Garanhuns - PE',
      'Secretaria de Infraestrutura',
      '250000.00',
      'DONE',
      'Pavimentação de via rural',
    ),
  ];
}

/** Seeds the demo amendments once (nothing when the tenant has any). */
export async function seedDemoAmendments(db: Database, tenantId: string, adminCode: string): Promise<void> {
  await withTenant(db, tenantId, async (ctx) => {
    const admin = (await usersByCodes(ctx, [adminCode])).get(adminCode);
    if (!admin) return;
    await seedAmendments(ctx, String(admin.id), demoAmendments());
  });
}
