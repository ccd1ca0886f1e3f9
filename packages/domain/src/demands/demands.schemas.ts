import { z } from 'zod';
import type { AreaRule } from '../access/modules.ts';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { textSchema } from '../common/text.ts';

/**
 * Demands (spec 3 §2.3, §3 'Demand', issue 15): requests of a person (the applicant) that the team
 * registers, with attachments; the list the spec shows read-only. The spec names no status: these
 * four are the product's own.
 */
export const DEMAND_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELED'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];

export const DEMAND_STATUS_LABELS: Record<DemandStatus, string> = {
  OPEN: 'Aberta',
  IN_PROGRESS: 'Em andamento',
  DONE: 'Concluída',
  CANCELED: 'Cancelada',
};
export const DEMAND_DEFAULT_STATUS: DemandStatus = 'OPEN';

/** Attachments (spec 3 §5, §9): up to 50 MB each. */
export const DEMAND_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Types accepted, told by the file's first bytes (ZIP covers DOCX/XLSX/ODT, which are ZIP files). */
export const DEMAND_FILE_TYPES = ['pdf', 'png', 'jpeg', 'webp', 'gif', 'zip'] as const;
export type DemandFileType = (typeof DEMAND_FILE_TYPES)[number];
/** Extension stored for each sniffed type; a ZIP keeps one of the office extensions of its name. */
export const DEMAND_FILE_EXTENSIONS: Record<DemandFileType, string> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  zip: 'zip',
};
export const DEMAND_ZIP_EXTENSIONS = ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip'] as const;
/** What the file picker offers (the server decides by the bytes). */
export const DEMAND_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.zip,.docx,.xlsx,.pptx,.odt,.ods,.odp';
/** The server-generated name a stored file is served by: `<uuid>.<ext>`. */
export const DEMAND_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** The extension of a stored file from its sniffed type and the name the user gave. */
export function demandFileExtension(type: DemandFileType, originalName: string): string {
  if (type !== 'zip') return DEMAND_FILE_EXTENSIONS[type];
  const ext = originalName.toLowerCase().split('.').pop() ?? '';
  return (DEMAND_ZIP_EXTENSIONS as readonly string[]).includes(ext) ? ext : 'zip';
}

export const DEMAND_PAGE_SIZE = 10;

/** The screen (spec 3 §2.3): ROLE_CRM; without the tenant's demands flag it shows `notConfigured`. */
export const DEMANDS_SCREEN_RULE: AreaRule = { roles: ['ROLE_CRM'] };

/** Every text of the demands screen and API (spec 3 §2.3, §5, §8). */
export const DEMAND_TEXTS = {
  menu: 'Demandas',
  title: 'Gestão de Demandas',
  notConfigured:
    'Este módulo ainda não está configurado na sua base. Se você já solicitou a ativação, aguarde que em breve estará disponível.',
  empty: 'nenhuma demanda',
  count: (n: number) => `${n} Demanda(s)`,
  dialogTitle: (createdAt: string, code: number, status: string) =>
    `${createdAt} - Demanda #${code} (${status})`,
  add: 'Nova demanda',
  newTitle: 'Nova demanda',
  fromPerson: 'Registrar demanda',
  save: 'Salvar',
  cancel: 'Cancelar',
  close: 'Fechar',
  saved: 'Demanda registrada com sucesso',
  saveError: 'Ocorreu algum erro ao registrar a demanda',
  statusSaved: 'Status da demanda alterado',
  statusError: 'Não foi possível alterar o status da demanda',
  uploadError: 'Não foi possível enviar o arquivo',
  notFound: 'Demanda não encontrada',
  fileNotFound: 'Arquivo não encontrado',
  applicantNotFound: 'Solicitante não encontrado',
  hiddenApplicant: (code: number) => `Solicitante #${code}`,
  status: 'Status inválido',
  noFiles: 'Nenhum arquivo anexado',
  files: 'Arquivos',
  history: 'Histórico de status',
  historyLine: (when: string, who: string, from: string | null, to: string) =>
    from ? `${when} · ${who}: ${from} → ${to}` : `${when} · ${who}: ${to}`,
  attach: 'Anexar arquivos',
  attachHint: 'PDF, imagens, DOCX, XLSX ou ZIP, até 50MB cada',
  applicantSearch: 'Buscar pessoa',
  changeStatus: 'Alterar status',
  /** spec 3 §5 upload messages */
  noFile: 'Nenhum arquivo foi encontrado',
  tooLarge: 'Somente é permitido arquivos menores que 50MB',
  wrongType: 'Apenas PDF, PNG, JPEG, WebP, GIF, DOCX, XLSX, ODT ou ZIP são permitidos',
  fields: {
    title: 'Título',
    description: 'Descrição',
    applicant: 'Solicitante',
    status: 'Status',
    files: 'Anexos',
  },
  columns: {
    title: 'Título',
    applicant: 'Solicitante',
    status: 'Status',
    createdAt: 'Data',
  },
} as const;

export const DemandStatusSchema = z.enum(DEMAND_STATUSES, { error: DEMAND_TEXTS.status });

const codeSchema = z
  .number({ error: MESSAGES.invalidCode })
  .int(MESSAGES.invalidCode)
  .min(1, MESSAGES.invalidCode)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidCode);

const requiredText = (max: number) =>
  textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `Máximo de ${max} caracteres`);

/** POST /demands: a new demand of a person the caller may see. */
export const DemandCreateSchema = z.strictObject({
  title: requiredText(200),
  description: textSchema({ error: MESSAGES.invalidNested })
    .trim()
    .max(5000, 'Máximo de 5000 caracteres')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  applicant: codeSchema,
  status: DemandStatusSchema.optional().transform((v) => v ?? DEMAND_DEFAULT_STATUS),
});
export type DemandCreateInput = z.input<typeof DemandCreateSchema>;
export type DemandCreate = z.output<typeof DemandCreateSchema>;

/** POST /demands/{code}/status. */
export const DemandStatusChangeSchema = z.strictObject({ status: DemandStatusSchema });
export type DemandStatusChange = z.output<typeof DemandStatusChangeSchema>;

/** GET /demands (spec 3 §7.3): paged, newest first. */
export const DemandListQuerySchema = z.strictObject({ ...pageQuery(DEMAND_PAGE_SIZE, 50) });
export type DemandListQuery = z.output<typeof DemandListQuerySchema>;

/** `{code}` in a demand path. */
export const DemandCodeParamSchema = z.strictObject({
  code: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: MESSAGES.invalidCode })
    .transform(Number),
});

/** `{name}` of a stored file: only the server-generated shape (no path, no '..'). */
export const DemandFileParamSchema = z.strictObject({
  name: z.string().max(60).regex(DEMAND_FILE_NAME, { error: DEMAND_TEXTS.fileNotFound }),
});

export const DemandFileSchema = z.object({
  /** the server-generated name the file is downloaded by */
  name: z.string(),
  originalName: z.string(),
  extension: z.string(),
  size: z.number(),
});
export type DemandFile = z.infer<typeof DemandFileSchema>;

/** A demand as the API answers it (spec 3 §3); applicantName is null when the caller may not see the person. */
export const DemandSchema = z
  .object({
    code: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    applicant: z.number(),
    applicantName: z.string().nullable(),
    status: DemandStatusSchema,
    createdAt: z.string(),
    files: z.array(DemandFileSchema),
  })
  .meta({ id: 'Demand' });
export type Demand = z.infer<typeof DemandSchema>;

export const DemandStatusEntrySchema = z.object({
  from: DemandStatusSchema.nullable(),
  to: DemandStatusSchema,
  by: z.string().nullable(),
  at: z.string(),
});
export type DemandStatusEntry = z.infer<typeof DemandStatusEntrySchema>;

/** GET /demands/{code}: the demand and its status history, oldest first. */
export const DemandDetailSchema = DemandSchema.extend({ history: z.array(DemandStatusEntrySchema) });
export type DemandDetail = z.infer<typeof DemandDetailSchema>;

/** The label of a file link (spec 3 §2.3: the file extension). */
export const demandFileLabel = (file: Pick<DemandFile, 'extension'>) => file.extension.toUpperCase();
