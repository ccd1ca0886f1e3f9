import { reaisToCents } from '@mandato/domain';
import { z } from 'zod';

/**
 * The provider's answers (spec 3 §7.5), parsed before anything reads them: a field missing, of
 * another type or a value that is not an amount of reais makes the answer malformed (a mapped
 * error, never a 500). Money leaves here as integer cents.
 */
const cents = z.union([z.number(), z.string()]).transform((value, ctx) => {
  try {
    return reaisToCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'valor em reais inválido' });
    return z.NEVER;
  }
});

const text = (max: number) => z.string().max(max);

/** A date-time the provider wrote (ISO 8601, with or without offset) → ISO in UTC. */
const instant = text(40).transform((value, ctx) => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'data inválida' });
    return z.NEVER;
  }
  return at.toISOString();
});

const providerId = z.number().int().positive().max(2_147_483_647);

export const ProviderCandidateSchema = z.object({
  id: providerId,
  confirmado: z.boolean(),
  nome: text(300).optional(),
  cpf: text(20).optional(),
});
export type ProviderCandidate = z.output<typeof ProviderCandidateSchema>;

export const ProviderCampaignSchema = z.object({
  candidato_id: providerId,
  nome: text(300),
  ativo: z.boolean(),
  valor_minimo: cents,
  valor_sugerido: cents.nullable().optional(),
  valor_maximo: cents,
  data: instant,
  campanha_url: text(300),
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
  url: z.url().max(2000),
});
export type ProviderCampaign = z.output<typeof ProviderCampaignSchema>;

export const ProviderCampaignsSchema = z.object({ campanhas: z.array(ProviderCampaignSchema) });

export const ProviderInvoiceSchema = z.object({
  data: instant,
  doador: z.object({
    nome: text(300),
    cpf: text(20),
    email: text(300),
    celular: text(30),
  }),
  valor: cents,
  status: z.enum(['Paga', 'Pendente']),
});
export type ProviderInvoice = z.output<typeof ProviderInvoiceSchema>;

export const ProviderInvoicesSchema = z.object({ faturas: z.array(ProviderInvoiceSchema) });

export const ProviderPartiesSchema = z.object({
  partidos: z.array(z.object({ id: providerId, sigla: text(30), nome: text(200).optional() })),
});
export const ProviderOfficesSchema = z.object({
  tipos_candidatura: z.array(z.object({ id: providerId, descricao: text(200) })),
});

/** A 422's body: field → messages (each kept short; anything else is ignored). */
export const ProviderFieldErrorsSchema = z.object({
  errors: z.record(text(200), z.array(z.string())),
});

/** POST /candidatos (spec 3 §3 "Donation candidate"). */
export interface ProviderCandidateBody {
  nome: string;
  cpf: string;
  rg: string;
  orgao_expedidor: string;
  titulo_eleitoral: string;
  data_nascimento: string;
  tipo_candidatura_id: number;
  partido_id: number;
  descricao_preferencia_campanha: string;
  email_usuario: string;
  imagem_base_64: string;
  endereco_attributes: {
    tipo_endereco_id: 1;
    logradouro: string;
    numero: string;
    complemento?: string;
    uf_codigo_ibge: number;
    municipio_codigo_ibge: number;
    bairro: string;
    cep: string;
    fone: string;
    celular: string;
    email: string;
  };
}

/** POST /campanhas and PUT /campanhas/{token}: money as the provider's decimal reais. */
export interface ProviderCampaignBody {
  candidato_id: number;
  nome: string;
  ativo: boolean;
  valor_minimo: number;
  valor_sugerido: number;
  valor_maximo: number;
}
