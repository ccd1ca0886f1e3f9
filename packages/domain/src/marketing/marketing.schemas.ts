import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { singleLineTextSchema, textSchema } from '../common/text.ts';

/**
 * Marketing foundation (spec 3 §3, §4, §7.1, §8; issue 14): the marketing service token and the
 * sender domains verified through DNS. Senders, plans and credits come later.
 */
export const MARKETING_TEXTS = {
  // spec 3 §8 (the texts the spec shows)
  domainCreated: 'Domínio criado com sucesso',
  domainRemoved: 'Domínio removido com sucesso',
  domainSaveError: 'Ocorreu algum erro ao salvar dominio',
  domainListError: 'Não foi possível obter a lista de dominios',
  // spec 3 §8 says these exist without showing them
  domainValidateError: 'Não foi possível validar o domínio',
  domainDeleteError: 'Não foi possível remover o domínio',
  // ours
  title: 'Domínios',
  settingsTitle: 'Marketing - Configurações Iniciais',
  intro:
    'Cadastre o domínio dos seus remetentes e publique no DNS dele os registros abaixo. Depois clique em Atualizar para verificá-los.',
  newDomain: 'Novo Domínio',
  domainName: 'Domínio',
  domainNamePlaceholder: 'exemplo.com.br',
  save: 'Salvar',
  cancel: 'Cancelar',
  refresh: 'Atualizar',
  remove: 'Remover',
  removeConfirm: 'Você tem certeza que deseja remover?',
  empty: 'Nenhum domínio cadastrado',
  recordType: 'Tipo',
  recordsLabel: (domain: string) => `Registros DNS de ${domain}`,
  recordHost: 'Nome (host)',
  recordValue: 'Valor',
  recordStatus: 'Situação',
  copy: 'Copiar',
  copied: 'Copiado',
  lastChecked: 'Última verificação',
  neverChecked: 'Ainda não verificado',
  domainValid: 'Domínio verificado',
  invalidDomainName: 'Informe um domínio válido, como exemplo.com.br',
  domainTaken: 'Este domínio já está cadastrado',
  domainNotFound: 'Domínio não encontrado',
  /** 'Atualizar' while the tenant's other DNS checks are still waiting for an answer (429) */
  domainValidationBusy:
    'Já há verificações de domínio em andamento. Aguarde alguns segundos e tente de novo.',
  /** POST /mkt/auth/login with a wrong secret or slug */
  invalidSecret: 'Segredo de marketing inválido',
  /** the tenant has no marketing secret: no marketing module (spec 1 §6) */
  noModule: 'Esta conta não possui o módulo de marketing',
  failure: {
    SPF: 'Registro SPF ausente ou sem o servidor de envio',
    DKIM: 'Registro DKIM ausente ou com chave diferente',
    DMARC: 'Registro DMARC ausente',
  },
} as const;

export const DOMAIN_STATUSES = ['VALID', 'INVALID', 'DEACTIVATED'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
/** spec 3 §4 */
export const DOMAIN_STATUS_LABELS: Record<DomainStatus, string> = {
  VALID: 'Verificado',
  INVALID: 'Inválido',
  DEACTIVATED: 'Desativado',
};

export const DOMAIN_RECORD_TYPES = ['SPF', 'DKIM', 'DMARC'] as const;
export type DomainRecordType = (typeof DOMAIN_RECORD_TYPES)[number];
export const DOMAIN_RECORD_STATUSES = ['PENDING', 'VALID', 'INVALID'] as const;
export type DomainRecordStatus = (typeof DOMAIN_RECORD_STATUSES)[number];
export const DOMAIN_RECORD_STATUS_LABELS: Record<DomainRecordStatus, string> = {
  PENDING: 'Não verificado',
  VALID: 'Verificado',
  INVALID: 'Inválido',
};

const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const INPUT_CHARS = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * The ASCII (IDNA/punycode) form of a domain name, or undefined when it is not a registrable host
 * name: at least two labels, each 1–63 letters, digits or inner hyphens, 253 characters at most,
 * an alphabetic top-level label (so no IP address), no wildcard, no port, path or space. A name
 * with accents is converted by the WHATWG URL parser (IDNA) and refused when that fails.
 */
export function asciiDomainName(input: string): string | undefined {
  const name = input.trim().replace(/\.$/, '').toLowerCase();
  if (name.length === 0 || name.length > 253 || !INPUT_CHARS.test(name)) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
  if (ascii.length > 253) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l))) return undefined;
  const tld = labels[labels.length - 1] as string;
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return undefined;
  return ascii;
}

export const DomainNameSchema = textSchema({ error: MESSAGES.required })
  .max(253, MARKETING_TEXTS.invalidDomainName)
  .transform((v, ctx) => {
    const ascii = asciiDomainName(v);
    if (!ascii) {
      ctx.addIssue({ code: 'custom', message: MARKETING_TEXTS.invalidDomainName });
      return z.NEVER;
    }
    return ascii;
  });

/** POST /mkt/domains (spec 3 §7.1: body name; §5: name is required). */
export const DomainCreateSchema = z.strictObject({ name: DomainNameSchema });
export type DomainCreate = z.infer<typeof DomainCreateSchema>;

/** GET /mkt/domains: optional status filter. */
export const DomainsQuerySchema = z.strictObject({ status: z.enum(DOMAIN_STATUSES).optional() });
export type DomainsQuery = z.infer<typeof DomainsQuerySchema>;

/** A DNS record to publish and what the last check found (spec 3 §3 Domain configs). */
export const DomainConfigSchema = z.object({
  type: z.enum(DOMAIN_RECORD_TYPES),
  /** DNS record type to create */
  recordType: z.literal('TXT'),
  host: z.string(),
  value: z.string(),
  status: z.enum(DOMAIN_RECORD_STATUSES),
});
export type DomainConfig = z.infer<typeof DomainConfigSchema>;

export const DomainSchema = z.object({
  code: z.number().int(),
  name: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  configs: z.array(DomainConfigSchema),
  /** the failing records of the last check, by type (empty when VALID or never checked) */
  failures: z.array(z.enum(DOMAIN_RECORD_TYPES)),
  checkedAt: z.string().nullable(),
  createDate: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

/**
 * POST /mkt/auth/login (spec 3 §7.1): slug and the tenant's marketing secret. Made with the user's
 * own session; the web app, which never sees the secret (stored hashed), sends only the slug.
 */
export const MarketingLoginSchema = z.strictObject({
  slug: singleLineTextSchema({ error: MESSAGES.required }).min(1, MESSAGES.required).max(63),
  secret: textSchema().min(1).max(200).optional(),
});
export type MarketingLogin = z.infer<typeof MarketingLoginSchema>;

/** The answer's `data` of the marketing login: read by the client as `data.data.token`. */
export const MarketingTokenSchema = z.object({
  data: z.object({ token: z.string(), expiresAt: z.string() }),
});
export type MarketingToken = z.infer<typeof MarketingTokenSchema>;
