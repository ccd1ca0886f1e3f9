import fastifyMultipart from '@fastify/multipart';
import {
  DONATION_LIMITS,
  DONATION_TEXTS,
  DonationCampaignSaveSchema,
  DonationCampaignSchema,
  DonationCampaignsSchema,
  DonationCampaignTokenParamsSchema,
  DonationCandidacyStepSchema,
  DonationListQuerySchema,
  DonationListSchema,
  DonationOnboardingSchema,
  DonationOptionsSchema,
  DonationPhotoSchema,
  DonationPoliticianStepSchema,
  DonationStepAnswerSchema,
  ErrorAnswerSchema,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { receiveSmallFile } from '../../platform/http/upload.ts';
import { strictInput } from '../../platform/http/validation.ts';
import type { DonationSteps } from './donation-account.ts';
import { exportDonations, listDonations } from './donation-invoices.service.ts';
import { DONATIONS_RULE } from './donations.policy.ts';
import {
  confirmOnboarding,
  createCampaign,
  donationOptions,
  listCampaigns,
  onboarding,
  photoFile,
  saveCandidacyStep,
  savePhoto,
  savePoliticianStep,
  updateCampaign,
} from './donations.service.ts';

const tags = ['donations'];

/**
 * A signed-in donations route: the guard's answers plus the provider's failures (502: 5xx, no or a
 * malformed answer; 504: time-out), each `{ message, errors }` in pt-BR.
 */
function guarded<T extends z.ZodType>(data: T, extra: readonly (404 | 409 | 413)[] = []) {
  const base = authenticated(data, extra);
  return { ...base, response: { ...base.response, 502: ErrorAnswerSchema, 504: ErrorAnswerSchema } };
}

const PHOTO_RULES = {
  maxBytes: DONATION_LIMITS.photoMaxBytes,
  types: ['jpeg', 'png'] as const,
  messages: {
    noFile: DONATION_TEXTS.photo.noFile,
    tooLarge: DONATION_TEXTS.photo.tooBig,
    wrongType: DONATION_TEXTS.photo.types,
  },
};

/** Donations (spec 3 §2.5, §7.5): module donation + ROLE_DONATION and the tenant's provider token. */
export function registerDonationRoutes(api: Api, app: AppContext) {
  const steps = (request: FastifyRequest): DonationSteps => ({
    app,
    tx: (work) => withAuth(app, request, DONATIONS_RULE, work),
  });

  api.get(
    '/api/donations/onboarding',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Estado da integração com o provedor de doações (consulta a aprovação quando aguardando)',
        ...guarded(DonationOnboardingSchema),
      },
    },
    async (request) => ({ data: await onboarding(steps(request)) }),
  );

  api.put(
    '/api/donations/onboarding/politician',
    {
      ...strictInput(DONATION_TEXTS.politician.invalid),
      schema: {
        tags,
        summary: 'Passo 1 do assistente: dados do político (no cadastro de políticos)',
        body: DonationPoliticianStepSchema,
        ...guarded(DonationStepAnswerSchema, [409]),
      },
    },
    async (request) => ({ data: await savePoliticianStep(steps(request), request.body) }),
  );

  api.put(
    '/api/donations/onboarding/candidacy',
    {
      ...strictInput(DONATION_TEXTS.politician.invalid),
      schema: {
        tags,
        summary: 'Passo 2 do assistente: candidatura, contato e endereço (no cadastro de políticos)',
        body: DonationCandidacyStepSchema,
        ...guarded(DonationStepAnswerSchema, [409]),
      },
    },
    async (request) => ({ data: await saveCandidacyStep(steps(request), request.body) }),
  );

  api.register(async (plain) => {
    const scope = plain as unknown as Api;
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.put(
      '/api/donations/onboarding/photo',
      {
        schema: {
          tags,
          summary: 'Passo 3 do assistente: a foto (multipart: file; jpg ou png pelos bytes, até 1 MB)',
          consumes: ['multipart/form-data'],
          ...guarded(DonationPhotoSchema, [409, 413]),
        },
      },
      async (request) => ({
        data: await savePhoto(steps(request), () => receiveSmallFile(request, PHOTO_RULES)),
      }),
    );
  });

  api.get(
    '/api/donations/onboarding/photo',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'A foto enviada no assistente',
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download('image/*', z.string(), [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const file = await photoFile(steps(request));
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.body as never);
    },
  );

  api.post(
    '/api/donations/onboarding/confirm',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Passo 4: envia o candidato ao provedor (aceite dos termos); fica aguardando aprovação',
        ...guarded(DonationOnboardingSchema),
      },
    },
    async (request) => ({ data: await confirmOnboarding(steps(request)) }),
  );

  api.get(
    '/api/donations/options',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Partidos e cargos do provedor (ou as listas do sistema quando ele não responde)',
        ...guarded(DonationOptionsSchema),
      },
    },
    async (request) => ({ data: await donationOptions(steps(request)) }),
  );

  api.get(
    '/api/donations/campaigns',
    {
      ...strictInput(),
      schema: { tags, summary: 'Campanhas de doação do candidato', ...guarded(DonationCampaignsSchema) },
    },
    async (request) => ({ data: await listCampaigns(steps(request)) }),
  );

  api.post(
    '/api/donations/campaigns',
    {
      ...strictInput(DONATION_TEXTS.messages.campaignSaveError),
      schema: {
        tags,
        summary: 'Cria uma campanha de doação (só com a conta aprovada)',
        body: DonationCampaignSaveSchema,
        ...guarded(DonationCampaignSchema, [409]),
      },
    },
    async (request) => ({ data: await createCampaign(steps(request), request.body) }),
  );

  api.put(
    '/api/donations/campaigns/:token',
    {
      ...strictInput(DONATION_TEXTS.messages.campaignSaveError),
      schema: {
        tags,
        summary: 'Altera uma campanha de doação',
        params: DonationCampaignTokenParamsSchema,
        body: DonationCampaignSaveSchema,
        ...guarded(DonationCampaignSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await updateCampaign(steps(request), request.params.token, request.body),
    }),
  );

  api.get(
    '/api/donations/campaigns/:token/donations',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Doações da campanha, paginadas e ordenadas; totais só das pagas (centavos)',
        params: DonationCampaignTokenParamsSchema,
        querystring: DonationListQuerySchema,
        ...guarded(DonationListSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await listDonations(steps(request), request.params.token, request.query),
    }),
  );

  api.get(
    '/api/donations/campaigns/:token/donations/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta as doações da campanha (CSV, registrado no log de exportações)',
        params: DonationCampaignTokenParamsSchema,
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download('text/csv', z.string(), [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const csv = await exportDonations(steps(request), request.params.token);
      return reply
        .header('Content-Disposition', attachment('doacoes.csv'))
        .header('Cache-Control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
