/** The sub-routes of /doacao (spec 3 §2.5). */
export const DONATION_SEGMENTS = {
  campaign: 'campanha',
  integration: 'config/integracao-essentjus',
} as const;

/** /{slug}/doacao/campanha/{token}, or the first campaign's view without a token. */
export const campaignPath = (base: string, token?: string) =>
  token
    ? `${base}/${DONATION_SEGMENTS.campaign}/${encodeURIComponent(token)}`
    : `${base}/${DONATION_SEGMENTS.campaign}`;

export const integrationPath = (base: string) => `${base}/${DONATION_SEGMENTS.integration}`;
