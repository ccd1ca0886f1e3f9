import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';
import {
  isSponsorLinkId,
  SPONSOR_FIELDS,
  SPONSOR_MESSAGES,
  SponsorFormSaveSchema,
  sponsorLinkSlug,
  sponsorSignUpSchema,
} from './sponsor.schemas.ts';

const VERSION = 'a'.repeat(64);

describe('sponsor form configuration', () => {
  const valid = { title: 'Junte-se', description: 'Cadastro', terms: '<p>Política</p>', fields: [] };
  it('needs title, description and terms with text, within their limits', () => {
    expect(SponsorFormSaveSchema.safeParse(valid).success).toBe(true);
    for (const bad of [
      { ...valid, title: ' ' },
      { ...valid, description: '' },
      { ...valid, terms: '<p> </p><p>&nbsp;</p>' },
    ]) {
      const r = SponsorFormSaveSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(SPONSOR_MESSAGES.configRequired);
    }
    expect(SponsorFormSaveSchema.safeParse({ ...valid, title: 'x'.repeat(61) }).success).toBe(false);
    expect(SponsorFormSaveSchema.safeParse({ ...valid, description: 'x'.repeat(201) }).success).toBe(false);
  });
  it('takes only the fixed fields, each once, and no unknown key', () => {
    expect(SPONSOR_FIELDS).toHaveLength(18);
    expect(
      SponsorFormSaveSchema.safeParse({ ...valid, fields: [{ name: 'password', isRequired: true }] }).success,
    ).toBe(false);
    expect(
      SponsorFormSaveSchema.safeParse({
        ...valid,
        fields: [
          { name: 'email', isRequired: true },
          { name: 'email', isRequired: false },
        ],
      }).success,
    ).toBe(false);
    expect(SponsorFormSaveSchema.safeParse({ ...valid, __proto__x: 1 }).success).toBe(false);
  });
});

describe('sponsor link id', () => {
  it('is slug-number: lowercase letters, digits and dashes, then a dash and 3+ digits', () => {
    for (const ok of ['maria-123', 'joao-da-silva-482913', 'a1-000'])
      expect(isSponsorLinkId(ok), ok).toBe(true);
    for (const bad of ['Maria-123', 'maria-12', 'maria123', '-123', 'maria_x-123', `${'a'.repeat(80)}-123`])
      expect(isSponsorLinkId(bad), bad).toBe(false);
  });
  it('builds the slug from the first name', () => {
    expect(sponsorLinkSlug('  Ângela Maria ')).toBe('angela');
    expect(sponsorLinkSlug('')).toBe('convite');
    expect(sponsorLinkSlug('***')).toBe('convite');
    expect(isSponsorLinkId(`${sponsorLinkSlug('José')}-123456`)).toBe(true);
  });
});

describe('sponsor sign-up by configuration', () => {
  const schema = sponsorSignUpSchema([
    { name: 'name', isRequired: true },
    { name: 'email', isRequired: false },
    { name: 'cpf', isRequired: false },
    { name: 'cellphone', isRequired: true },
  ]);
  it('requires the configured fields and the accepted terms', () => {
    const r = schema.safeParse({ acceptedTerms: false, termsVersion: VERSION, email: 'a@b.com' });
    expect(r.success).toBe(false);
    const paths = Object.fromEntries(r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(paths.name).toBe(SPONSOR_MESSAGES.fieldRequired);
    expect(paths.cellphone).toBe(SPONSOR_MESSAGES.fieldRequired);
    expect(paths.acceptedTerms).toBe(SPONSOR_MESSAGES.acceptRequired);
  });
  it('validates and unmasks like the person form; a field not configured is unknown', () => {
    const ok = schema.safeParse({
      name: ' Ana ',
      email: 'ANA@X.COM',
      cpf: '529.982.247-25',
      cellphone: '(11) 98888-7777',
      acceptedTerms: true,
      termsVersion: VERSION,
    });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({
      name: 'Ana',
      email: 'ana@x.com',
      cpf: '52998224725',
      cellphone: '11988887777',
    });
    const bad = schema.safeParse({
      name: 'Ana',
      cellphone: '123',
      cpf: '111.111.111-12',
      city: 'Recife',
      acceptedTerms: true,
      termsVersion: VERSION,
    });
    const paths = Object.fromEntries(
      bad.error?.issues.map((i) => [i.path.join('.') || 'x', i.message]) ?? [],
    );
    expect(paths.cellphone).toBe(PERSON_MESSAGES.phone);
    expect(paths.cpf).toBe(PERSON_MESSAGES.cpf);
    expect(bad.error?.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
    expect(MESSAGES.notFoundPage).toBe('Oops! Página não encontrada!');
  });
  it('says the success with the first name', () => {
    expect(SPONSOR_MESSAGES.success('Ana Maria')).toBe('Parabéns Ana! Cadastro realizado com sucesso!');
  });
});
