import { Resolver } from 'node:dns/promises';
import type { DomainRecordType } from '@mandato/domain';
import type { Config } from '../../platform/config/config.ts';

/** The records a sender domain publishes (spec 3 §3 Domain configs): host and TXT value. */
export interface DomainRecords {
  SPF: { host: string; value: string };
  DKIM: { host: string; value: string };
  DMARC: { host: string; value: string };
}

export function domainRecords(
  name: string,
  selector: string,
  publicKey: string,
  spfInclude: string,
): DomainRecords {
  return {
    SPF: { host: name, value: `v=spf1 include:${spfInclude} ~all` },
    DKIM: { host: `${selector}._domainkey.${name}`, value: `v=DKIM1; k=rsa; p=${publicKey}` },
    DMARC: { host: `_dmarc.${name}`, value: 'v=DMARC1; p=none' },
  };
}

export type RecordCheck = Record<DomainRecordType, boolean>;

/**
 * DNS checks of a sender domain through the system resolver, or DNS_SERVERS (`host` or
 * `host:port`, what node:dns setServers takes). A record is good when:
 * SPF — a `v=spf1` TXT at the domain has `include:<MAIL_SPF_INCLUDE>`;
 * DKIM — a `v=DKIM1` TXT at `<selector>._domainkey` has `p=` equal to the domain's public key;
 * DMARC — a `v=DMARC1` TXT exists at `_dmarc`.
 * A name that does not resolve (NXDOMAIN, no data, timeout) counts as a missing record. One try of
 * 2 s per name (the three in parallel): the user of 'Atualizar' waits for it. Never asked with a
 * transaction open (docs/architecture.md).
 */
export class DomainDnsChecker {
  constructor(private readonly config: Pick<Config, 'marketing'>) {}

  private resolver(): Resolver {
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    if (this.config.marketing.dnsServers.length > 0) resolver.setServers(this.config.marketing.dnsServers);
    return resolver;
  }

  async check(name: string, selector: string, publicKey: string): Promise<RecordCheck> {
    const resolver = this.resolver();
    const txt = async (host: string) => {
      try {
        return (await resolver.resolveTxt(host)).map((chunks) => chunks.join(''));
      } catch {
        return [];
      }
    };
    const [spf, dkim, dmarc] = await Promise.all([
      txt(name),
      txt(`${selector}._domainkey.${name}`),
      txt(`_dmarc.${name}`),
    ]);
    const include = `include:${this.config.marketing.spfInclude}`;
    return {
      SPF: spf.some((r) => {
        const terms = r.trim().toLowerCase().split(/\s+/);
        return terms[0] === 'v=spf1' && terms.includes(include);
      }),
      DKIM: dkim.some((r) => {
        const tags = dkimTags(r);
        return (tags.v ?? 'DKIM1') === 'DKIM1' && tags.p === publicKey;
      }),
      DMARC: dmarc.some((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim())),
    };
  }
}

/** Tags of a DKIM record (RFC 6376 §3.2): `t=v; t=v`, whitespace inside values ignored. */
function dkimTags(record: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    tags[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).replace(/\s+/g, '');
  }
  return tags;
}
