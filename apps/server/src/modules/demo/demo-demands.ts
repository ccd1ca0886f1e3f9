import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { seedDemand, storeDemandFile } from '../demands/demands.service.ts';
import { insertPerson } from '../people/people-batch.lookup.ts';
import { setTenantModules } from '../tenants/tenants.service.ts';
import { usersByCodes } from '../users/users.lookup.ts';

/** The people the demo demands are of (the demo's people count includes them). */
export const DEMO_DEMAND_PEOPLE = 2;

/** A one-page PDF ('Ofício de demanda'), small and valid, for the demo's attachment. */
export function demoDemandPdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 720 Td (Oficio de demanda - Mandato Demo) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The demo tenant is on the demands allowlist, with a few demands of two people, the first with a
 * PDF attached when a file storage is given (the CLI and the server give theirs).
 */
export async function seedDemoDemands(
  db: Database,
  tenantId: string,
  slug: string,
  adminCode: string,
  files?: FileStorage,
): Promise<void> {
  await setTenantModules({ db }, slug, { demands: true });
  await withTenant(db, tenantId, async (ctx) => {
    const admin = (await usersByCodes(ctx, [adminCode])).get(adminCode);
    if (!admin) return;
    const user = { id: String(admin.id), name: admin.name };
    const maria = await insertPerson(ctx, { name: 'Maria das Dores Silva', created_by: user.id });
    const jose = await insertPerson(ctx, { name: 'José Ferreira Lima', created_by: user.id });
    const first = await seedDemand(ctx, user, {
      title: 'Iluminação pública na Rua das Flores',
      description: 'Três postes apagados há duas semanas perto da escola municipal.',
      applicantId: maria,
      status: 'IN_PROGRESS',
    });
    await seedDemand(ctx, user, {
      title: 'Vaga em creche',
      description: 'Pedido de vaga para criança de 2 anos no bairro Jardim.',
      applicantId: jose,
      status: 'OPEN',
    });
    await seedDemand(ctx, user, {
      title: 'Poda de árvore',
      description: null,
      applicantId: maria,
      status: 'DONE',
    });
    if (files) {
      await storeDemandFile({ ...ctx, app: { files } }, first.id, user.id, {
        bytes: demoDemandPdf(),
        type: 'pdf',
        originalName: 'oficio-iluminacao.pdf',
      });
    }
  });
}
