import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, fieldErrors, send } from './answers.ts';
import { confirmCandidate, payInvoice, type SandboxContext } from './context.ts';
import { crossSite } from './donor-page.routes.ts';
import { operatorPage } from './operator-page.html.ts';
import { PAGE_STYLE } from './page-style.ts';
import { messagePage, sendPage } from './pages.ts';
import { FaultBody, parseBody } from './provider-input.ts';

const ID = /^\d{1,9}$/;

/** A form posted by the operator page (answered with a redirect back to it) rather than an API call. */
export const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

function done(request: FastifyRequest, reply: FastifyReply, found: boolean, answer: object) {
  if (isFormPost(request)) {
    if (crossSite(request))
      return messagePage(
        reply,
        403,
        DONATION_SANDBOX_TEXTS.donor.errorTitle,
        DONATION_SANDBOX_TEXTS.donor.forbidden,
      );
    if (!found) return messagePage(reply, 404, DONATION_SANDBOX_TEXTS.api.notFound, '');
    return reply.redirect('/_sandbox', 303);
  }
  if (!found) return failure(reply, 404, DONATION_SANDBOX_TEXTS.api.notFound);
  return send(reply, 200, answer);
}

/** The sandbox's own controls (no auth, not part of the provider contract; bound to 127.0.0.1). */
export function registerSandboxRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/_sandbox', async (_request, reply) =>
    sendPage(reply, 200, operatorPage(ctx.store.entries(), ctx.baseUrl())),
  );

  app.get('/_sandbox/estilo.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE_STYLE),
  );

  app.post<{ Params: { id: string } }>('/_sandbox/candidatos/:id/confirmar', async (request, reply) => {
    const id = ID.test(request.params.id) ? Number(request.params.id) : 0;
    return done(request, reply, confirmCandidate(ctx, id), { id, confirmado: true });
  });

  app.post<{ Params: { id: string } }>('/_sandbox/faturas/:id/pagar', async (request, reply) => {
    const id = ID.test(request.params.id) ? Number(request.params.id) : 0;
    return done(request, reply, payInvoice(ctx, id), { id, status: 'Paga' });
  });

  app.post('/_sandbox/falhas', async (request, reply) => {
    const parsed = parseBody(FaultBody, request.body);
    if (!parsed.ok) return fieldErrors(reply, parsed.errors);
    ctx.faults.add(parsed.value);
    return send(reply, 201, parsed.value);
  });
}
