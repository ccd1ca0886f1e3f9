import { z } from 'zod';

/** The account logo (spec 1 §2 'Detalhes da minha Assinatura'): 200x50 px advised. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['png', 'jpeg', 'webp'] as const;

export const LOGO_MESSAGES = {
  advice: 'Tamanho recomendado: 200x50 px (PNG, JPEG ou WebP, até 2 MB)',
  uploadFailed: 'Não foi possível fazer upload da imagem',
  onlyImages: 'Envie uma imagem PNG, JPEG ou WebP',
  tooLarge: 'A imagem passa do limite de 2 MB',
  noFile: 'Nenhum arquivo foi encontrado',
  notFound: 'Logo não encontrado',
  saved: 'Sucesso! Configurações atualizadas',
} as const;

/** POST sys-admin/schemas/{slug}/upload-logo answers the new logo address. */
export const LogoAnswerSchema = z.object({ logoUrl: z.string() });
export type LogoAnswer = z.infer<typeof LogoAnswerSchema>;
