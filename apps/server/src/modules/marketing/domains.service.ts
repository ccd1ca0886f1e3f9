import {
  DOMAIN_RECORD_TYPES,
  type Domain,
  type DomainCreate,
  type DomainRecordType,
  type DomainsQuery,
  type ListAnswer,
  MARKETING_TEXTS,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { conflict, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { DomainDnsChecker, domainRecords, type RecordCheck } from './dns-check.ts';
import { type DomainRecord, domainsRepository } from './domains.repository.ts';
import { encrypt, generateDkimKeys, marketingKey } from './marketing-crypto.ts';

/** The DKIM selector of the domains this product creates (one key per domain). */
export const DKIM_SELECTOR = 'mandato';

/**
 * 'Atualizar' of one tenant waiting on DNS at once; more is a 429. Counted in this process, which
 * is what it protects: the DNS waits themselves hold no connection, but a tenant cannot pile up
 * lookups (and their short transactions) on the server every tenant shares.
 */
export const DOMAIN_VALIDATIONS_PER_TENANT = 2;

const okOf = (r: DomainRecord): Record<DomainRecordType, boolean | null> => ({
  SPF: r.spf_ok,
  DKIM: r.dkim_ok,
  DMARC: r.dmarc_ok,
});

export function presentDomain(r: DomainRecord, spfInclude: string): Domain {
  const records = domainRecords(r.name, r.dkim_selector, r.dkim_public_key, spfInclude);
  const ok = okOf(r);
  return {
    code: Number(r.id),
    name: r.name,
    status: r.status,
    configs: DOMAIN_RECORD_TYPES.map((type) => ({
      type,
      recordType: 'TXT' as const,
      host: records[type].host,
      value: records[type].value,
      status: ok[type] === null ? 'PENDING' : ok[type] ? 'VALID' : 'INVALID',
    })),
    failures: DOMAIN_RECORD_TYPES.filter((type) => ok[type] === false),
    checkedAt: r.checked_at ? toIso(r.checked_at) : null,
    createDate: toIso(r.created_at),
  };
}

/** AAD of a sealed private key: the row it belongs to (a key copied to another row does not open). */
export const privateKeyAad = (tenantId: string, id: string) => `mkt_domains:${tenantId}:${id}`;

/** GET /mkt/domains */
export async function listDomains(
  ctx: RequestContext,
  _auth: AuthContext,
  query: DomainsQuery,
): Promise<ListAnswer<Domain>> {
  const rows = await domainsRepository.list(ctx, query.status);
  const spf = ctx.app.config.marketing.spfInclude;
  return { list: rows.map((r) => presentDomain(r, spf)), total: rows.length };
}

/** POST /mkt/domains ('Novo Domínio'): the domain with a new RSA 2048 DKIM key pair, not yet verified. */
export async function createDomain(
  ctx: RequestContext,
  auth: AuthContext,
  body: DomainCreate,
): Promise<Domain> {
  const taken = () => conflict(MARKETING_TEXTS.domainTaken, { name: [MARKETING_TEXTS.domainTaken] });
  if (await domainsRepository.nameTaken(ctx, body.name)) throw taken();
  const keys = await generateDkimKeys();
  const id = await domainsRepository.insert(ctx, {
    name: body.name,
    selector: DKIM_SELECTOR,
    publicKey: keys.publicKey,
    createdBy: auth.user.id,
  });
  if (!id) throw taken();
  const sealed = encrypt(await marketingKey(ctx.app), keys.privateKeyPem, privateKeyAad(ctx.tenantId, id));
  await domainsRepository.setPrivateKey(ctx, id, sealed);
  const row = await domainsRepository.find(ctx, id);
  return presentDomain(row as DomainRecord, ctx.app.config.marketing.spfInclude);
}

/** Asks DNS for the records of one domain (no database: the job calls it outside any transaction). */
export function checkDomainDns(app: Pick<AppContext, 'config'>, row: DomainRecord): Promise<RecordCheck> {
  return new DomainDnsChecker(app.config).check(row.name, row.dkim_selector, row.dkim_public_key);
}

/**
 * Stores a check: VALID only when all three records hold, INVALID otherwise. False when the domain
 * is no longer there (removed while DNS was asked).
 */
export function saveDomainCheck(ctx: TenantContext, id: string, check: RecordCheck): Promise<boolean> {
  return domainsRepository.saveCheck(ctx, id, {
    status: check.SPF && check.DKIM && check.DMARC ? 'VALID' : 'INVALID',
    spf: check.SPF,
    dkim: check.DKIM,
    dmarc: check.DMARC,
  });
}

/*
 * POST /mkt/domains/{id}/validate ('Atualizar') in three steps, so no transaction is open while
 * DNS answers (a name server that drops questions takes 2 s per name): `domainToValidate` in one
 * short transaction, `askDomainDns` with none, `saveDomainValidation` in another.
 */

/** 'Atualizar', first transaction: the domain to check, or a 404. */
export async function domainToValidate(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
): Promise<DomainRecord> {
  const row = await domainsRepository.find(ctx, id);
  if (!row) throw notFound(MARKETING_TEXTS.domainNotFound);
  return row;
}

/** 'Atualizar', no transaction open: asks DNS, at most DOMAIN_VALIDATIONS_PER_TENANT at once (429). */
export async function askDomainDns(
  app: Pick<AppContext, 'config' | 'domainValidations'>,
  row: DomainRecord,
): Promise<RecordCheck> {
  const tenantId = String(row.tenant_id);
  if (!app.domainValidations.start(tenantId, DOMAIN_VALIDATIONS_PER_TENANT))
    throw tooManyRequests(MARKETING_TEXTS.domainValidationBusy);
  try {
    return await checkDomainDns(app, row);
  } finally {
    app.domainValidations.finish(tenantId);
  }
}

/** 'Atualizar', second transaction: the check saved, or a 404 when the domain was removed meanwhile. */
export async function saveDomainValidation(
  ctx: RequestContext,
  _auth: AuthContext,
  row: DomainRecord,
  check: RecordCheck,
): Promise<Domain> {
  const id = String(row.id);
  if (!(await saveDomainCheck(ctx, id, check))) throw notFound(MARKETING_TEXTS.domainNotFound);
  const saved = await domainsRepository.find(ctx, id);
  return presentDomain(saved as DomainRecord, ctx.app.config.marketing.spfInclude);
}

/** DELETE /mkt/domains/{id} */
export async function removeDomain(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
): Promise<{ code: number }> {
  if (!(await domainsRepository.remove(ctx, id))) throw notFound(MARKETING_TEXTS.domainNotFound);
  return { code: Number(id) };
}
