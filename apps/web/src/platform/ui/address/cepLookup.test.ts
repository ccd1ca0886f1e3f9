import { describe, expect, it, vi } from 'vitest';
import { cepUrl, lookupCep } from './cepLookup.ts';

describe('CEP lookup (spec 2 §5 "Zip code lookup")', () => {
  it('builds the ViaCEP address from a template or a base', () => {
    expect(cepUrl('50030-230', 'https://viacep.com.br/ws/{cep}/json/')).toBe(
      'https://viacep.com.br/ws/50030230/json/',
    );
    expect(cepUrl('50030230', 'http://localhost:9/ws/')).toBe('http://localhost:9/ws/50030230/json/');
  });
  it('maps the answer to street, neighborhood, city and state', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            logradouro: 'Rua do Bom Jesus',
            bairro: 'Recife',
            localidade: 'Recife',
            uf: 'PE',
          }),
        ),
    );
    await expect(lookupCep('50030230', fetchMock)).resolves.toEqual({
      street: 'Rua do Bom Jesus',
      neighborhood: 'Recife',
      city: 'Recife',
      state: 'PE',
    });
  });
  it('fails on an unknown CEP or HTTP error', async () => {
    await expect(
      lookupCep('00000000', async () => new Response(JSON.stringify({ erro: 'true' }))),
    ).rejects.toThrow();
    await expect(lookupCep('00000000', async () => new Response('', { status: 500 }))).rejects.toThrow();
  });
});
