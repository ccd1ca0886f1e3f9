import type { Config } from './config.ts';

/**
 * What the operator should fix, told once when the server starts (createAppContext logs each as a
 * warning). Production's PUBLIC_URL must be https: it is the List-Unsubscribe URI of every shot,
 * and RFC 8058 §3.1 requires the one-click URI to be https (mailbox providers ignore it otherwise).
 */
export function startupWarnings(config: Pick<Config, 'env' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && !isHttps(config.publicUrl))
    warnings.push(
      `PUBLIC_URL (${config.publicUrl}) não é https: em produção o descadastro em um clique dos ` +
        'disparos (List-Unsubscribe, RFC 8058) precisa de um endereço https, e os provedores de ' +
        'e-mail o ignoram sem ele. Defina PUBLIC_URL=https://…',
    );
  return warnings;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
