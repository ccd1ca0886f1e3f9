import { sql } from 'kysely';
import type { Database } from './engine.ts';

/**
 * On a PostgreSQL server the app must not be able to step around row-level security: it refuses
 * to run as a superuser, a BYPASSRLS role, or the owner of any table (DESIGN.md §2).
 */
export async function assertSafeAppRole(db: Database): Promise<void> {
  if (db.engine !== 'postgres') return;
  const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: string }>`
    SELECT r.rolsuper, r.rolbypassrls,
      (SELECT count(*) FROM pg_tables t WHERE t.schemaname = 'public' AND t.tableowner = current_user) AS owned
    FROM pg_roles r WHERE r.rolname = current_user`.execute(db.kysely);
  const role = rows[0];
  if (!role) throw new Error('Não foi possível verificar o papel do banco de dados');
  if (role.rolsuper || role.rolbypassrls || Number(role.owned) > 0) {
    throw new Error(
      'DATABASE_URL deve usar um papel de login comum (não superusuário, sem BYPASSRLS e sem ser dono de tabelas). ' +
        'Use DATABASE_MIGRATION_URL para o papel dono que aplica as migrações. Veja docs/deployment.md.',
    );
  }
}
