import { z } from 'zod';
import type { PlanId } from './plans.ts';

/**
 * The plans offered (spec 1 §3 plan ids) with their quotas: the same figures migration 0001 puts in
 * the `plans` table (apps/server/src/modules/plans/plans.routes.test.ts compares them). 0 is
 * unlimited ('Ilimitado'). Every plan has the base modules; donations need PREMIUM (spec 1 §6);
 * marketing is contracted apart (the marketing plan and its secret).
 */
export interface PlanOffer {
  id: PlanId;
  name: string;
  totalUsers: number;
  totalContacts: number;
  summary: string;
  /** modules beyond the base ones */
  extras: readonly string[];
  /** TRIAL is granted, not bought */
  purchasable: boolean;
}

export const PLAN_BASE_MODULES = [
  'Pessoas e locais de votação',
  'Agenda',
  'Mapa',
  'Relatórios',
  'Apadrinhamento',
  'Emendas e demandas',
] as const;

export const PLAN_CATALOG: readonly PlanOffer[] = [
  {
    id: 'FREE',
    name: 'Gratuito',
    totalUsers: 1,
    totalContacts: 500,
    summary: 'Para começar a organizar a sua base.',
    extras: [],
    purchasable: true,
  },
  {
    id: 'TRIAL',
    name: 'Avaliação',
    totalUsers: 5,
    totalContacts: 5000,
    summary: 'Período de avaliação, com data de encerramento.',
    extras: [],
    purchasable: false,
  },
  {
    id: 'BASIC',
    name: 'Básico',
    totalUsers: 3,
    totalContacts: 10000,
    summary: 'Para gabinetes e campanhas pequenas.',
    extras: [],
    purchasable: true,
  },
  {
    id: 'IDEAL',
    name: 'Ideal',
    totalUsers: 10,
    totalContacts: 100000,
    summary: 'Para equipes que fazem a base crescer todo dia.',
    extras: [],
    purchasable: true,
  },
  {
    id: 'PREMIUM',
    name: 'Premium',
    totalUsers: 0,
    totalContacts: 0,
    summary: 'Sem limites de usuários e de pessoas.',
    extras: ['Doações (campanhas de arrecadação)'],
    purchasable: true,
  },
];

/** Texts of /admin/assinar (spec 1 §2, issue 13). */
export const SUBSCRIBE_TEXTS = {
  title: 'Assinar',
  heading: 'Planos do Mandato',
  intro: 'Compare os planos e fale com a nossa equipe para mudar o seu.',
  current: 'Plano atual',
  users: 'Usuários',
  contacts: 'Pessoas',
  includes: 'Inclui',
  marketingNote: 'O Plano de Marketing (e-mail e SMS) é contratado à parte.',
  trialNote: 'Concedido pela equipe comercial; não é contratado.',
  contact: 'Quero este plano',
  contactGeneric: 'Falar com a equipe comercial',
  noContact: 'Para mudar de plano, fale com a equipe que atende a sua conta ou com o suporte do Mandato.',
  frameTitle: 'Página de contratação de planos',
  openOutside: 'Abrir a página de contratação em outra aba',
  loadError: 'Não foi possível carregar a página de contratação',
  mailSubject: (plan: string, account: string) => `Mudança de plano: ${plan} (${account})`,
  mailBody: (plan: string, account: string, slug: string, currentPlan: string) =>
    `Olá! Gostaria de mudar a conta ${account} (${slug}) do plano ${currentPlan} para o plano ${plan}.`,
} as const;

/** 'Ilimitado' for 0, else the figure with the pt-BR thousands separator. */
export function quotaLabel(total: number): string {
  return total === 0 ? 'Ilimitado' : total.toLocaleString('pt-BR');
}

/** The mailto: of a plan request to the sales address (subject and body prefilled). */
export function planRequestMailto(
  salesEmail: string,
  plan: string,
  account: { name: string; slug: string; plan: string },
): string {
  const subject = encodeURIComponent(SUBSCRIBE_TEXTS.mailSubject(plan, account.name));
  const body = encodeURIComponent(SUBSCRIBE_TEXTS.mailBody(plan, account.name, account.slug, account.plan));
  return `mailto:${encodeURIComponent(salesEmail).replace('%40', '@')}?subject=${subject}&body=${body}`;
}

/** GET /sys-admin/plans/subscription: where /admin/assinar sends the user (server configuration). */
export const SubscriptionConfigSchema = z
  .object({
    /** external purchase page framed by /admin/assinar; null: the plans of PLAN_CATALOG */
    subscribeUrl: z.string().nullable(),
    /** sales address for the plan requests (mailto:); null: SUBSCRIBE_TEXTS.noContact */
    salesEmail: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionConfig' });
export type SubscriptionConfig = z.infer<typeof SubscriptionConfigSchema>;
