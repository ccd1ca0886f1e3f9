import {
  SHOT_TEST_LIMITS,
  SHOT_TEST_TEXTS,
  ShotTestAnswerSchema,
  ShotTestEmailSchema,
  ShotTestSmsSchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import { type RateLimit, rateLimitOf } from '../../platform/http/rate-limit.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from '../marketing/marketing.policy.ts';
import {
  debitSmsTest,
  readEmailTest,
  readSmsTest,
  refundSmsTest,
  sendEmailTest,
  sendSmsTest,
  testDebitReference,
  testSendAccount,
} from './shot-test-send.service.ts';
import { SHOTS_RULE } from './shots.policy.ts';

const tags = ['marketing'];

/**
 * The test sends of both channels share one counter per user (SHOT_TEST_LIMITS), taken once the
 * guard knows the user and before anything is sent or debited; a refused body counts nothing.
 */
const TEST_SEND_LIMIT: RateLimit = {
  name: 'shot-test-send',
  rules: [{ per: 'account', max: SHOT_TEST_LIMITS.perUser, windowSeconds: SHOT_TEST_LIMITS.windowSeconds }],
  enforcedBy: 'session',
  message: SHOT_TEST_TEXTS.rateLimited,
};

/**
 * POST /api/mkt/emails/campaign/test/{id} and /api/mkt/sms/campaign/test/{id} (issue 40 item 3):
 * the shot's message to a few addresses, as it will go, marked as a test. Same guard as the other
 * shot routes (marketing token, ROLE_MARKETING, the tenant's own shot).
 */
export function registerShotTestSendRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/mkt/emails/campaign/test/:id',
    {
      ...strictInput(SHOT_TEST_TEXTS.invalidBody),
      config: { rateLimit: TEST_SEND_LIMIT },
      schema: {
        tags,
        summary: `Envia um teste do e-mail (até ${SHOT_TEST_LIMITS.maxEmails} endereços): assunto com '[Teste] ', contato de exemplo, sem rastreamento nem créditos`,
        params: idParams,
        body: ShotTestEmailSchema,
        ...authenticated(ShotTestAnswerSchema, [404, 409, 429]),
      },
    },
    async (request) => {
      const plan = await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        readEmailTest(ctx, auth, request.params.id),
      );
      await rateLimitOf(request).take({ account: testSendAccount(plan) });
      return { data: await sendEmailTest(app, plan, request.body.emails) };
    },
  );

  api.post(
    '/api/mkt/sms/campaign/test/:id',
    {
      ...strictInput(SHOT_TEST_TEXTS.invalidBody),
      config: { rateLimit: TEST_SEND_LIMIT },
      schema: {
        tags,
        summary: `Envia um teste do SMS (até ${SHOT_TEST_LIMITS.maxPhones} celulares): texto com '[Teste] ' (conta nas partes), contato de exemplo; as partes são debitadas dos créditos de SMS`,
        params: idParams,
        body: ShotTestSmsSchema,
        ...authenticated(ShotTestAnswerSchema, [404, 409, 429]),
      },
    },
    async (request) => {
      const phones = request.body.phones;
      const plan = await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        readSmsTest(ctx, auth, request.params.id),
      );
      await rateLimitOf(request).take({ account: testSendAccount(plan) });
      const reference = testDebitReference(plan.shotId);
      await withMarketingAuth(app, request, SHOTS_RULE, (ctx) => debitSmsTest(ctx, plan, phones, reference));
      const answer = await sendSmsTest(app, plan, phones);
      if (answer.failed.length > 0)
        await withMarketingAuth(app, request, SHOTS_RULE, (ctx) =>
          refundSmsTest(ctx, plan, answer.failed.length, reference),
        );
      return { data: answer };
    },
  );
}
