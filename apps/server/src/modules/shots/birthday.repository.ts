import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface BirthdaySettingsRecord {
  active: boolean;
  sender_id: string | null;
  subject: string | null;
  html_content: string | null;
  text_content: string | null;
  json_content: unknown;
  send_hour: number;
  updated_by: string | null;
  updated_at: Date;
}

export interface BirthdaySettingsValues {
  active: boolean;
  sender_id: string | null;
  subject: string;
  html_content: string;
  text_content: string;
  json_content: string | null;
  send_hour: number;
}

/** SQL of the tenant's birthday e-mail (mkt_birthday_settings, migration 0033) and its day's shot. */
export const birthdayRepository = {
  /** The setting, or undefined when never saved; `lock`: its row held until the transaction ends. */
  async find(ctx: TenantContext, lock = false): Promise<BirthdaySettingsRecord | undefined> {
    let q = ctx.trx
      .selectFrom('mkt_birthday_settings')
      .select([
        'active',
        sql<string | null>`sender_id::text`.as('sender_id'),
        'subject',
        'html_content',
        'text_content',
        'json_content',
        'send_hour',
        sql<string | null>`updated_by::text`.as('updated_by'),
        'updated_at',
      ])
      .where('tenant_id', '=', ctx.tenantId);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row && { ...row, send_hour: Number(row.send_hour), updated_at: new Date(row.updated_at) };
  },

  async save(ctx: TenantContext, values: BirthdaySettingsValues, userId: string): Promise<void> {
    const row = { ...values, updated_by: userId, updated_at: new Date() };
    await ctx.trx
      .insertInto('mkt_birthday_settings')
      .values({ tenant_id: ctx.tenantId, ...row })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
      .execute();
  },

  /**
   * The day's birthday shot, SENDING for the freeze, from the setting as it is now; undefined when
   * the day already has one (a second run of the day's job).
   */
  async insertDayShot(ctx: TenantContext, day: string, destination: string): Promise<string | undefined> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO mkt_shots (tenant_id, channel, status, subject, html_content, text_content,
        json_content, sender_id, segment_name, birthday, birthday_date, created_by)
      SELECT tenant_id, 'EMAIL', 'SENDING', subject, html_content, text_content, json_content,
        sender_id, ${destination}, true, ${day}::date, updated_by
      FROM mkt_birthday_settings WHERE tenant_id = ${ctx.tenantId}
      ON CONFLICT (tenant_id, birthday_date) WHERE birthday DO NOTHING
      RETURNING id::text AS id`.execute(ctx.trx);
    return rows[0]?.id;
  },
};
