import { DEMO, ROLES } from '@mandato/domain';
import type { Database } from '../../platform/db/engine.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { createUser } from '../team/team.service.ts';
import { tenantBySlug } from '../tenants/tenants.lookup.ts';
import { createTenant } from '../tenants/tenants.service.ts';
import { seedDemoAmendments } from './demo-amendments.ts';
import { seedDemoDemands } from './demo-demands.ts';
import { seedDemoMarketingPlans } from './demo-marketing-plans.ts';
import { seedDemoPolitician } from './demo-politician.ts';
import { seedDemoReports } from './demo-reports.ts';
import { seedDemoSample } from './demo-sample.ts';
import { seedDemoShots } from './demo-shots.ts';
import { seedDemoSponsor } from './demo-sponsor.ts';

export async function hasAnyTenant(db: Database): Promise<boolean> {
  return !!(await db.kysely.selectFrom('tenants').select('id').limit(1).executeTakeFirst());
}

/**
 * The demo tenant of the README: idempotent, does nothing when `demo` exists. With `sample`, also
 * contacts, voting places and lists to look at (demo-sample.ts).
 */
export async function seedDemo(
  db: Database,
  options: { sample?: boolean; files?: FileStorage } = {},
): Promise<boolean> {
  if (await tenantBySlug(db.kysely, DEMO.slug)) return false;
  const tenantId = await createTenant(
    { db },
    {
      slug: DEMO.slug,
      name: 'Mandato Demo',
      planId: 'PREMIUM',
      marketingSecret: 'demo-marketing-secret',
      // the demo shows every module, 'Revalidar pontos' on the map included
      enableAddressRevalidation: true,
    },
  );
  const admin = await createUser(
    { db },
    {
      tenantSlug: DEMO.slug,
      email: DEMO.adminEmail,
      name: 'Administrador Demo',
      password: DEMO.password,
      permissions: [...ROLES],
    },
  );
  await createUser(
    { db },
    {
      tenantSlug: DEMO.slug,
      email: DEMO.teamEmail,
      name: 'Equipe Demo',
      password: DEMO.password,
      permissions: ['ROLE_TEAM'],
    },
  );
  if (options.sample) await seedDemoSample(db, tenantId, admin.code);
  if (options.sample) await seedDemoReports(db, tenantId, admin.code);
  await seedDemoSponsor(db, tenantId, admin.code);
  await seedDemoPolitician(db, tenantId);
  await seedDemoAmendments(db, tenantId, admin.code);
  await seedDemoDemands(db, tenantId, DEMO.slug, admin.code, options.files);
  await seedDemoMarketingPlans(db, tenantId);
  await seedDemoShots(db, { id: tenantId, slug: DEMO.slug }, admin.code, { sample: options.sample });
  return true;
}
