/** The operator CLI's commands (cli.ts runs them from the command line). */
import { parseArgs } from 'node:util';
import { DONATION_PROVIDER_TOKEN, ROLES, TENANT_MESSAGES } from '@mandato/domain';
import { seedDemo } from './modules/demo/demo-seed.ts';
import { setProviderToken } from './modules/donations/donations.service.ts';
import { grantPlanBySlug } from './modules/marketing/accounts.service.ts';
import { rotateMarketingSecret } from './modules/marketing/marketing.service.ts';
import { createUser } from './modules/team/team.service.ts';
import { tenantBySlug } from './modules/tenants/tenants.lookup.ts';
import { createTenant, setTenantActive, setTenantModules } from './modules/tenants/tenants.service.ts';
import { setUserActive } from './modules/users/users.service.ts';
import {
  assertCanBackUp,
  BACKUP_USAGE,
  BackupUsageError,
  backupCommand,
  restoreCommand,
} from './platform/backup/backup-cli.ts';
import { loadConfig } from './platform/config/config.ts';
import type { Database } from './platform/db/engine.ts';
import { migrate } from './platform/db/migrate.ts';
import { readOutbox } from './platform/mail/mailer.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';

export const USAGE = `Uso: npm run cli -- <comando> [opções] [--and <comando> [opções] …]
  (com --and, os comandos rodam em ordem numa só abertura do banco; o primeiro erro para os seguintes)

  migrate
  seed demo
  tenant create --slug S --name N --plan FREE|TRIAL|BASIC|IDEAL|PREMIUM [--marketing-secret X] [--deactive-date AAAA-MM-DD]
  tenant set-active --slug S --active true|false
  tenant set-module --slug S --demands on|off   módulo de demandas (lista de liberação, spec 3 §2.3)
  user create --tenant S --email E --password P --name N --permissions ${ROLES.slice(0, 2).join(',')},...
  user set-active --tenant S --email E --active true|false
  marketing secret --slug S              novo segredo de marketing do tenant (liga o módulo de marketing;
                                         o anterior deixa de valer); mostrado só esta vez, guardado com hash
  marketing plan --slug S --type EMAIL|SMS --credits N --every DIAS
                                         plano recorrente: N créditos (pessoas) a cada DIAS dias, o
                                         primeiro período começa agora
  marketing credit --slug S --type EMAIL|SMS --credits N [--days D]
                                         créditos extras avulsos, válidos por D dias (padrão 30)
  donation-token <slug> <token>          token do tenant no provedor de doações (guardado cifrado; o
                                         anterior deixa de valer). Com o banco embutido, só com o
                                         servidor parado; com ele rodando, use Configurações › Sistema ›
                                         Provedor de doações (permissão Configurações)
  mail outbox [--tenant S] [--limit N]   últimas mensagens da caixa de saída embutida (do tenant S, ou
                                         as da plataforma); senhas expiram ou somem após o uso
${BACKUP_USAGE}`;

/** A command or option the operator got wrong: printed with the usage, exit 1. */
export class UsageError extends Error {}

function options(args: string[], spec: Record<string, { required?: boolean }>) {
  let parsed: Record<string, string | undefined>;
  try {
    parsed = parseArgs({
      args,
      options: Object.fromEntries(Object.keys(spec).map((k) => [k, { type: 'string' as const }])),
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const [name, rule] of Object.entries(spec)) {
    if (rule.required && !parsed[name]?.trim()) throw new UsageError(`Opção obrigatória ausente: --${name}`);
  }
  return parsed as Record<string, string>;
}

function bool(value: string, name: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`--${name} deve ser true ou false`);
}

/** Backup usage errors print the usage too. */
const usage = <T>(work: Promise<T>) =>
  work.catch((error: Error) => {
    throw error instanceof BackupUsageError ? new UsageError(error.message) : error;
  });

/**
 * Before cli.ts opens the database: `restore` runs here, without one (answers what it prints);
 * `backup` checks the data directory is free (platform/backup/backup-cli.ts).
 */
export async function commandWithoutDatabase(args: string[]): Promise<string | undefined> {
  if (args[0] === 'restore') {
    if (args.includes('--and')) throw new UsageError('restore roda sozinho (sem --and)');
    return usage(restoreCommand(args.slice(1)));
  }
  if (args[0] === 'backup') assertCanBackUp(loadConfig());
  return undefined;
}

/** Runs one command of the operator CLI on the database and answers what it prints. */
export async function runCommand(db: Database, [command, sub, ...rest]: string[]): Promise<string> {
  const key = `${command ?? ''} ${sub ?? ''}`.trim();
  if (command === 'migrate') {
    const applied = await migrate(db, undefined);
    return applied.length ? `Migrações aplicadas: ${applied.join(', ')}` : 'Banco já está atualizado';
  }
  if (command === 'backup')
    return usage(
      backupCommand(
        db,
        [sub, ...rest].filter((a) => a !== undefined),
      ),
    );
  await migrate(db);
  if (command === 'donation-token') return donationToken(db, [sub, ...rest]);
  switch (key) {
    case 'seed demo':
      return (await seedDemo(db, { files: createFileStorage(loadConfig().files) }))
        ? 'Tenant de demonstração criado'
        : 'Tenant demo já existe';
    case 'tenant create': {
      const o = options(rest, {
        slug: { required: true },
        name: { required: true },
        plan: { required: true },
        'marketing-secret': {},
        'deactive-date': {},
      });
      if (o['deactive-date'] && !/^\d{4}-\d{2}-\d{2}$/.test(o['deactive-date'])) {
        throw new UsageError('--deactive-date deve estar no formato AAAA-MM-DD');
      }
      await createTenant(
        { db },
        {
          slug: o.slug as string,
          name: o.name as string,
          planId: (o.plan as string).toUpperCase(),
          marketingSecret: o['marketing-secret'] ?? null,
          deactiveDate: o['deactive-date'] ?? null,
        },
      );
      return `Tenant ${o.slug} criado`;
    }
    case 'tenant set-active': {
      const o = options(rest, { slug: { required: true }, active: { required: true } });
      if (!(await setTenantActive({ db }, o.slug as string, bool(o.active as string, 'active')))) {
        throw new UsageError(TENANT_MESSAGES.notFound(o.slug as string));
      }
      return `Tenant ${o.slug} ${o.active === 'true' ? 'ativado' : 'desativado'}`;
    }
    case 'tenant set-module': {
      const o = options(rest, { slug: { required: true }, demands: { required: true } });
      if (o.demands !== 'on' && o.demands !== 'off') throw new UsageError('--demands deve ser on ou off');
      if (!(await setTenantModules({ db }, o.slug as string, { demands: o.demands === 'on' }))) {
        throw new UsageError(TENANT_MESSAGES.notFound(o.slug as string));
      }
      return `Tenant ${o.slug}: módulo de demandas ${o.demands === 'on' ? 'ligado' : 'desligado'}`;
    }
    case 'user create': {
      const o = options(rest, {
        tenant: { required: true },
        email: { required: true },
        password: { required: true },
        name: { required: true },
        permissions: {},
      });
      const permissions = (o.permissions ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const user = await createUser(
        { db },
        {
          tenantSlug: o.tenant as string,
          email: o.email as string,
          password: o.password as string,
          name: o.name as string,
          permissions: permissions as never,
        },
      );
      return `Usuário ${user.email} criado (código ${user.code})`;
    }
    case 'user set-active': {
      const o = options(rest, {
        tenant: { required: true },
        email: { required: true },
        active: { required: true },
      });
      const active = bool(o.active as string, 'active');
      await setUserActive({ db }, o.tenant as string, o.email as string, active);
      return `Usuário ${o.email} ${active ? 'ativado' : 'desativado'}`;
    }
    case 'marketing secret': {
      const o = options(rest, { slug: { required: true } });
      const secret = await rotateMarketingSecret(db, o.slug as string);
      if (!secret) throw new UsageError(TENANT_MESSAGES.notFound(o.slug as string));
      return `Novo segredo de marketing do tenant ${o.slug} (guarde-o agora, ele não será mostrado de novo):\n${secret}`;
    }
    case 'marketing plan':
    case 'marketing credit': {
      const extra = sub === 'credit';
      const o = options(rest, {
        slug: { required: true },
        type: { required: true },
        credits: { required: true },
        ...(extra ? { days: {} } : { every: { required: true } }),
      });
      const planId = await grantPlanBySlug(db, o.slug as string, {
        type: o.type,
        credits: o.credits,
        days: extra ? o.days : o.every,
        extra,
      }).catch((error: Error) => {
        throw new UsageError(error.message);
      });
      if (!planId) throw new UsageError(TENANT_MESSAGES.notFound(o.slug as string));
      return extra
        ? `Créditos extras de ${o.type?.toUpperCase()} concedidos ao tenant ${o.slug} (plano ${planId})`
        : `Plano de ${o.type?.toUpperCase()} concedido ao tenant ${o.slug} (plano ${planId})`;
    }
    case 'mail outbox': {
      const o = options(rest, { tenant: {}, limit: {} });
      const tenant = o.tenant ? await tenantBySlug(db.kysely, o.tenant) : undefined;
      if (o.tenant && !tenant) throw new UsageError(TENANT_MESSAGES.notFound(o.tenant));
      const rows = await readOutbox(db, tenant?.id ?? null, Number(o.limit ?? 20) || 20);
      return rows.length
        ? rows
            .map(
              (r) =>
                `#${r.id} ${r.created_at.toISOString()} para ${r.to_address}: ${r.subject}\n${r.text_body}\n`,
            )
            .join('\n')
        : 'Caixa de saída vazia';
    }
    default:
      throw new UsageError(command ? `Comando desconhecido: ${key}` : 'Informe um comando');
  }
}

/** donation-token <slug> <token>: the tenant's provider token, sealed (modules/donations). */
async function donationToken(db: Database, args: (string | undefined)[]): Promise<string> {
  const [slug, token, ...extra] = args;
  if (!slug || !token || extra.length > 0) throw new UsageError('Uso: donation-token <slug> <token>');
  if (!DONATION_PROVIDER_TOKEN.test(token)) throw new UsageError('Token do provedor de doações inválido');
  if (!(await setProviderToken({ db, config: loadConfig() }, slug, token)))
    throw new UsageError(TENANT_MESSAGES.notFound(slug));
  return `Token do provedor de doações do tenant ${slug} guardado`;
}

/** The arguments split into commands at each `--and`. */
export function commandsOf(args: string[]): string[][] {
  return args.reduce<string[][]>(
    (list, arg) => {
      if (arg === '--and') list.push([]);
      else list[list.length - 1]?.push(arg);
      return list;
    },
    [[]],
  );
}
