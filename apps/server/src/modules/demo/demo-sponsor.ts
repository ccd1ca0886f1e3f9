import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { seedSponsorForm } from '../sponsor/sponsor.lookup.ts';
import { usersByCodes } from '../users/users.lookup.ts';

/** The number of the demo's sponsor link: /demo/convite/{first name}-2024. */
export const DEMO_SPONSOR_LINK_NUMBER = 2024;

/**
 * The demo's sponsor form ('Formulário de Apadrinhamento') configured, and a sponsor link for the
 * first seeded person, so the public page can be opened on a first look.
 */
export async function seedDemoSponsor(db: Database, tenantId: string, adminCode: string): Promise<void> {
  await withTenant(db, tenantId, async (ctx) => {
    const admin = (await usersByCodes(ctx, [adminCode])).get(adminCode);
    if (!admin) return;
    await seedSponsorForm(
      ctx,
      {
        title: 'Faça parte do nosso mandato',
        description: 'Cadastre-se para receber notícias do mandato e participar das ações no seu bairro.',
        terms:
          '<h3>Política de Privacidade</h3><p>Os dados informados serão usados apenas pelo mandato para ' +
          'comunicação sobre suas ações, conforme a <strong>LGPD</strong> (Lei 13.709/2018).</p>' +
          '<p>Você pode pedir a exclusão dos seus dados a qualquer momento.</p>',
        fields: [
          { name: 'name', isRequired: true },
          { name: 'email', isRequired: true },
          { name: 'cellphone', isRequired: false },
          { name: 'birthDate', isRequired: false },
          { name: 'zipCode', isRequired: false },
          { name: 'neighborhood', isRequired: false },
          { name: 'city', isRequired: false },
          { name: 'state', isRequired: false },
        ],
      },
      String(admin.id),
      DEMO_SPONSOR_LINK_NUMBER,
    );
  });
}
