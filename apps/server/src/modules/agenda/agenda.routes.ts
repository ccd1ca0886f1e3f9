import { createHash } from 'node:crypto';
import {
  AgendaEventSchema,
  EventRangeQuerySchema,
  EventSaveSchema,
  ListAnswerSchema,
  MESSAGES,
  PUBLIC_ROUTE_LIMITS,
  RemovedSchema,
  ScheduleRemovedSchema,
  ScheduleSaveSchema,
  ScheduleSchema,
  SLUG_PATTERN_SOURCE,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { AGENDA_RULE } from './agenda.policy.ts';
import {
  calendarFeed,
  createEvent,
  createSchedule,
  deleteEvent,
  deleteSchedule,
  getEvent,
  getSchedule,
  listEvents,
  listSchedules,
  regenerateSubscribeToken,
  updateEvent,
  updateSchedule,
} from './agenda.service.ts';

const tags = ['agenda'];
const feedParams = z.object({ file: z.string().max(200) });
/** `{slug}.{43 characters}.ics`, the feed token's form (agenda.service's TOKEN) */
const FEED_FILE = new RegExp(`^${SLUG_PATTERN_SOURCE}\\.[A-Za-z0-9_-]{43}\\.ics$`);

export function registerAgendaRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/schedules',
    {
      schema: {
        tags,
        summary: 'Minhas agendas (dono ou convidado)',
        ...authenticated(ListAnswerSchema(ScheduleSchema)),
      },
    },
    async (request) => {
      return { data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) => listSchedules(ctx, auth)) };
    },
  );

  api.post(
    '/api/schedules',
    {
      ...strictInput(),
      schema: { tags, summary: 'Cria agenda', ...authenticated(ScheduleSchema), body: ScheduleSaveSchema },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          createSchedule(ctx, auth, request.body),
        ),
      };
    },
  );

  api.get(
    '/api/schedules/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Uma agenda', ...authenticated(ScheduleSchema, [404]), params: idParams },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          getSchedule(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.put(
    '/api/schedules/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Altera agenda (dono)',
        ...authenticated(ScheduleSchema, [404]),
        params: idParams,
        body: ScheduleSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          updateSchedule(ctx, auth, request.params.id, request.body),
        ),
      };
    },
  );

  api.delete(
    '/api/schedules/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove agenda e seus eventos (dono)',
        ...authenticated(ScheduleRemovedSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          deleteSchedule(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.put(
    '/api/schedules/:id/subscribe-token',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Gera novo endereço de assinatura (o antigo deixa de valer)',
        ...authenticated(ScheduleSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          regenerateSubscribeToken(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.get(
    '/api/events',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Eventos no intervalo (beginDate, endDate)',
        ...authenticated(ListAnswerSchema(AgendaEventSchema)),
        querystring: EventRangeQuerySchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) => listEvents(ctx, auth, request.query)),
      };
    },
  );

  api.post(
    '/api/events',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Cria evento',
        ...authenticated(AgendaEventSchema, [404]),
        body: EventSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) => createEvent(ctx, auth, request.body)),
      };
    },
  );

  api.get(
    '/api/events/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Um evento', ...authenticated(AgendaEventSchema, [404]), params: idParams },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          getEvent(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.put(
    '/api/events/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Altera evento',
        ...authenticated(AgendaEventSchema, [404]),
        params: idParams,
        body: EventSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          updateEvent(ctx, auth, request.params.id, request.body),
        ),
      };
    },
  );

  api.delete(
    '/api/events/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Remove evento', ...authenticated(RemovedSchema, [404]), params: idParams },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, AGENDA_RULE, (ctx, auth) =>
          deleteEvent(ctx, auth, request.params.id),
        ),
      };
    },
  );

  // Public: calendar apps fetch it without a session; the token in the path is the credential.
  api.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        summary: 'Assinatura iCalendar de uma agenda (sem login)',
        params: feedParams,
        response: {
          ...download('text/calendar', z.string(), [400, 404, 429]),
          304: z.null().describe('Não mudou desde o ETag (If-None-Match): sem corpo'),
        },
        security: [],
      },
      // per feed token: calendar services poll from addresses many subscribers share
      config: {
        rateLimit: {
          name: 'calendar-feed',
          linkIs: (file) => FEED_FILE.test(file),
          rules: [{ per: 'link', ...PUBLIC_ROUTE_LIMITS.calendarPerFeed }],
        },
      },
    },
    async (request, reply) => {
      const file = request.params.file;
      const body = file.endsWith('.ics') ? await calendarFeed(app, file.slice(0, -4)) : undefined;
      if (body === undefined) {
        return reply.status(404).send({ message: MESSAGES.notFound, errors: MESSAGES.notFound });
      }
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      reply
        .header('Cache-Control', 'private, max-age=300')
        .header('ETag', etag)
        .header('Content-Disposition', 'inline; filename="agenda.ics"')
        .header('Referrer-Policy', 'no-referrer');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
}
