import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, string | number | bigint | undefined, never>;

export interface PlansTable {
  id: string;
  name: string;
  total_users: number;
  total_contacts: number;
}

export interface TenantsTable {
  id: Generated<Id>;
  slug: string;
  code: Generated<string>;
  name: string;
  marketing_secret: string | null;
  plan_id: string;
  active: Generated<boolean>;
  deactive_date: ColumnType<string | null, string | null | undefined, string | null>;
  logo_url: string | null;
  enable_address_revalidation: Generated<boolean>;
  module_demands: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface UsersTable {
  tenant_id: ColumnType<string, string | number, never>;
  id: Generated<Id>;
  code: Generated<string>;
  name: string;
  email: string;
  cellphone: string | null;
  password_hash: string | null;
  active: Generated<boolean>;
  permissions: Generated<string[]>;
  token_version: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface JobsTable {
  id: Generated<Id>;
  queue: string;
  payload: ColumnType<unknown, string, string>;
  state: Generated<'pending' | 'active' | 'done' | 'failed'>;
  run_at: Generated<Timestamp>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  singleton_key: string | null;
  created_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<Id>;
  tenant_id: string | number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Generated<Timestamp>;
}

export interface LoginAttemptsTable {
  key: string;
  at: Generated<Timestamp>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface DB {
  plans: PlansTable;
  tenants: TenantsTable;
  users: UsersTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  login_attempts: LoginAttemptsTable;
  app_settings: AppSettingsTable;
}
