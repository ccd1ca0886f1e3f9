import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { withTenant } from '../platform/db/tenancy.ts';
import type { BuiltTenant, TestApp } from './test-app.ts';

/** The identifiers seeded for the person: none may be left anywhere after an anonymisation. */
export const SUBJECT = {
  name: 'Zuleica Quintanilha Bragança',
  email: 'zuleica.quintanilha@exemplo.com.br',
  cellphone: '11987654329',
  phoneTwo: '1133221144',
  cpf: '52998224725',
  street: 'Rua das Acácias Secretas',
  notes: '<script>alert("x")</script> conversou sobre a escola',
} as const;

export interface SeededPerson {
  personId: string;
  fileKey: string;
  /** the values that identify the person, as they are stored */
  identifiers: string[];
}

/**
 * A person with a row in every module (one per tenant when a test searches for the identifiers) that holds person data (people, tags, interactions, sponsor,
 * shots, amendments, demands with a stored file, companies, imports, consents and opt-outs), and an
 * affiliate whose godfather is the person. SQL straight into the tables: the modules' own routes
 * are tested by their own files.
 */
export async function seedPersonEverywhere(t: TestApp, tenant: BuiltTenant): Promise<SeededPerson> {
  const fileKey = `t${tenant.id}/demand/${randomUUID()}.txt`;
  await t.app.files.put(fileKey, Buffer.from('comprovante de residência'), 'text/plain');
  const personId = await withTenant(t.db, tenant.id, async ({ trx, tenantId }) => {
    const tag = await sql<{ id: string }>`
      INSERT INTO tags (tenant_id, name) VALUES (${tenantId}, ${`Escola ${randomUUID().slice(0, 6)}`}) RETURNING id`.execute(
      trx,
    );
    const tagId = tag.rows[0]?.id;
    const person = await sql<{ id: string }>`
      INSERT INTO people (tenant_id, name, email, cellphone, phone_two, cpf, birth_date, street, number,
        zip_code, neighborhood, city, state, notes, tag_ids, vote)
      VALUES (${tenantId}, ${SUBJECT.name}, ${SUBJECT.email}, ${SUBJECT.cellphone}, ${SUBJECT.phoneTwo},
        ${SUBJECT.cpf}, '1971-03-09', ${SUBJECT.street}, '1234', '50000123', 'Boa Vista', 'Recife', 'PE',
        ${SUBJECT.notes}, ARRAY[${tagId}]::bigint[], 'CONQUERED')
      RETURNING id`.execute(trx);
    const id = String(person.rows[0]?.id);
    const n = String(Math.floor(Math.random() * 1e9)).padStart(3, '0');
    const terms = `termos-${n}`;
    await sql`INSERT INTO people (tenant_id, name, godfather_id) VALUES (${tenantId}, 'Afilhado Comum', ${id})`.execute(
      trx,
    );
    await sql`
      INSERT INTO people_contacts (tenant_id, person_id, source, description, begin_at, end_at)
      VALUES (${tenantId}, ${id}, 'PHONE', ${`Ligação de ${SUBJECT.name} sobre a creche`}, now(), now())`.execute(
      trx,
    );
    await sql`
      INSERT INTO amendments (tenant_id, year, title, value, status, contact_id)
      VALUES (${tenantId}, 2024, 'Reforma da UBS', 1000, 'ANALISYS', ${id})`.execute(trx);
    const demand = await sql<{ id: string }>`
      INSERT INTO demands (tenant_id, code, title, description, applicant_id, status)
      VALUES (${tenantId}, (SELECT coalesce(max(code), 0) + 1 FROM demands), 'Iluminação da praça', ${`Pedido de ${SUBJECT.email}`}, ${id}, 'OPEN') RETURNING id`.execute(
      trx,
    );
    await sql`
      INSERT INTO demand_files (tenant_id, demand_id, storage_key, name, original_name, file_type, content_type, size)
      VALUES (${tenantId}, ${demand.rows[0]?.id}, ${fileKey}, ${`${randomUUID()}.txt`},
        ${`comprovante ${SUBJECT.name}.txt`}, 'txt', 'text/plain', 25)`.execute(trx);
    await sql`
      INSERT INTO companies (tenant_id, name, main_contact_id) VALUES (${tenantId}, 'Padaria Central', ${id})`.execute(
      trx,
    );
    await sql`INSERT INTO sponsor_terms (tenant_id, hash, terms) VALUES (${tenantId}, ${terms}, 'Aceito')`.execute(
      trx,
    );
    await sql`
      INSERT INTO sponsor_links (tenant_id, person_id, code, greeting) VALUES (${tenantId}, ${id}, ${`zuleica-${n}`}, 'Zuleica')`.execute(
      trx,
    );
    await sql`
      INSERT INTO sponsor_consents (tenant_id, person_id, link_code, terms_hash, ip, user_agent)
      VALUES (${tenantId}, ${id}, ${`zuleica-${n}`}, ${terms}, '203.0.113.7', 'Mozilla/5.0 Zuleica')`.execute(
      trx,
    );
    await sql`
      INSERT INTO sponsor_pending_signups (tenant_id, person_id, link_code, code, greeting, fields, terms_hash, ip, user_agent)
      VALUES (${tenantId}, ${id}, ${`zuleica-${n}`}, ${`zuleica-${n}1`}, 'Zuleica',
        ${JSON.stringify({ name: SUBJECT.name, email: SUBJECT.email })}, ${terms}, '203.0.113.7', 'Mozilla/5.0')`.execute(
      trx,
    );
    const shot = await sql<{ id: string }>`
      INSERT INTO mkt_shots (tenant_id, channel, subject) VALUES (${tenantId}, 'EMAIL', 'Convite') RETURNING id`.execute(
      trx,
    );
    const shotId = shot.rows[0]?.id;
    const recipient = await sql<{ id: string }>`
      INSERT INTO mkt_shot_recipients (tenant_id, shot_id, person_id, address, merge, link_id, status, sent_at, opened_at)
      VALUES (${tenantId}, ${shotId}, ${id}, ${SUBJECT.email},
        ${JSON.stringify({ firstName: 'Zuleica', fullName: SUBJECT.name, email: SUBJECT.email })},
        ${randomUUID().replace(/-/g, '').slice(0, 22)}, 'SENT', now(), now())
      RETURNING id`.execute(trx);
    await sql`
      INSERT INTO mkt_shot_events (tenant_id, shot_id, recipient_id, kind) VALUES (${tenantId}, ${shotId}, ${recipient.rows[0]?.id}, 'open')`.execute(
      trx,
    );
    await sql`
      INSERT INTO mkt_shot_outbox (tenant_id, shot_id, recipient_id, message_id, from_address, to_address, subject, html_body, text_body)
      VALUES (${tenantId}, ${shotId}, ${recipient.rows[0]?.id}, ${`<${randomUUID()}@exemplo>`}, 'gabinete@exemplo.com.br',
        ${SUBJECT.email}, 'Convite', ${`<p>Olá ${SUBJECT.name}</p>`}, ${`Olá ${SUBJECT.name}`})`.execute(trx);
    await sql`
      INSERT INTO mkt_opt_outs (tenant_id, channel, address, source, shot_id) VALUES (${tenantId}, 'EMAIL', ${SUBJECT.email}, 'link', ${shotId})
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`INSERT INTO person_opt_outs (tenant_id, person_id, channel, source) VALUES (${tenantId}, ${id}, 'EMAIL', 'LINK')`.execute(
      trx,
    );
    await sql`
      INSERT INTO person_consents (tenant_id, person_id, purpose, lawful_basis, source)
      VALUES (${tenantId}, ${id}, 'Comunicação do mandato', 'CONSENT', 'MANUAL')`.execute(trx);
    const imported = await sql<{ id: string }>`
      INSERT INTO imports (tenant_id, type, update_behavior, file_name) VALUES (${tenantId}, 'PERSON', 'SKIP', 'planilha.xlsx') RETURNING id`.execute(
      trx,
    );
    await sql`
      INSERT INTO import_errors (tenant_id, import_id, line, person_id, message)
      VALUES (${tenantId}, ${imported.rows[0]?.id}, 7, ${id}, 'Celular inválido')`.execute(trx);
    return id;
  });
  return {
    personId,
    fileKey,
    identifiers: [
      SUBJECT.name,
      'Quintanilha',
      SUBJECT.email,
      SUBJECT.cellphone,
      '987654329',
      SUBJECT.phoneTwo,
      SUBJECT.cpf,
      SUBJECT.street,
    ],
  };
}

/**
 * Every text-like column (text, varchar, json, jsonb, arrays of them) of every tenant table holding
 * one of `values`, as 'table.column: value'.
 */
export async function tablesHolding(
  t: TestApp,
  tenant: BuiltTenant,
  values: readonly string[],
): Promise<string[]> {
  return withTenant(t.db, tenant.id, async ({ trx }) => {
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.udt_name IN ('text', 'varchar', 'json', 'jsonb', '_text', 'bpchar')
        AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public'
          AND k.table_name = c.table_name AND k.column_name = 'tenant_id')
      ORDER BY 1, 2`.execute(trx);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const value of values) {
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ${sql.table(table_name)}
          WHERE ${sql.ref(column_name)}::text ILIKE ${`%${value}%`}`.execute(trx);
        if (Number(rows[0]?.n) > 0) found.push(`${table_name}.${column_name}: ${value}`);
      }
    }
    return found;
  });
}
