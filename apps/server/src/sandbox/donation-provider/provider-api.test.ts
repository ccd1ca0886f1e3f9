import { POLITICAL_PARTIES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProvider, campaignBody, candidateBody } from './provider-test-kit.ts';
import { type DonationSandbox, startDonationSandbox } from './server.ts';

const A = 'token-conta-a';
const B = 'token-conta-b';

let sandbox: DonationSandbox;
beforeAll(async () => {
  sandbox = await startDonationSandbox();
});
afterAll(() => sandbox.close());

const call = (
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => callProvider(sandbox, token, method, path, body, headers);

async function confirmedCandidate(token: string, cpf: string) {
  const created = await call(token, 'POST', '/candidatos', candidateBody({ cpf }));
  expect(created.status).toBe(201);
  expect(sandbox.confirmCandidate(created.json.id)).toBe(true);
  return created.json.id as number;
}

describe('auth', () => {
  it('refuses a missing, malformed or too short Basic token with 401 in the provider shape', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer token-conta-a' },
      { authorization: `Basic ${Buffer.from('curto:').toString('base64')}` },
      { authorization: 'Basic %%%' },
    ];
    for (const headers of refused) {
      const answer = await call(undefined, 'GET', '/partidos', undefined, headers);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ errors: { base: ['Acesso não autorizado'] } });
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
  });

  it('with `tokens`, only those tokens are accounts', async () => {
    const strict = await startDonationSandbox({ tokens: ['token-aceito'] });
    try {
      expect((await callProvider(strict, 'token-aceito', 'GET', '/partidos')).status).toBe(200);
      expect((await callProvider(strict, 'token-outro', 'GET', '/partidos')).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('catalog', () => {
  it('partidos: the domain enumeration without UP (enumeration only), id = ballot number', async () => {
    const answer = await call(A, 'GET', '/partidos');
    expect(answer.status).toBe(200);
    const partidos = answer.json.partidos as { id: number; sigla: string; nome: string }[];
    expect(POLITICAL_PARTIES).toHaveLength(32);
    expect(partidos).toHaveLength(31);
    expect(partidos.map((p) => p.sigla)).not.toContain('UP');
    expect(partidos).toContainEqual({ id: 13, sigla: 'PT', nome: 'Partido dos Trabalhadores' });
    expect(partidos.find((p) => p.sigla === 'MDB')?.id).toBe(15);
  });

  it('tipos_candidatura: the 8 offices, ids 1–8', async () => {
    const answer = await call(A, 'GET', '/tipos_candidatura');
    expect(answer.json.tipos_candidatura).toHaveLength(8);
    expect(answer.json.tipos_candidatura[0]).toEqual({ id: 1, descricao: 'Presidente' });
    expect(answer.json.tipos_candidatura[7]).toEqual({ id: 8, descricao: 'Vereador' });
  });
});

describe('candidatos', () => {
  it('creates an unconfirmed candidate, found by CPF (masked or not) by its own account only', async () => {
    const created = await call(A, 'POST', '/candidatos', candidateBody({ cpf: '111.444.777-35' }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ confirmado: false, nome: 'Maria da Silva', cpf: '11144477735' });
    const found = await call(A, 'GET', '/candidatos/111.444.777-35');
    expect(found.json).toMatchObject({ id: created.json.id, confirmado: false });
    expect((await call(B, 'GET', '/candidatos/11144477735')).status).toBe(404);
    sandbox.confirmCandidate(created.json.id);
    expect((await call(A, 'GET', '/candidatos/11144477735')).json.confirmado).toBe(true);
  });

  it('refuses a second candidate with the same CPF in the account (another account may)', async () => {
    expect((await call(A, 'POST', '/candidatos', candidateBody({ cpf: '39053344705' }))).status).toBe(201);
    const again = await call(A, 'POST', '/candidatos', candidateBody({ cpf: '39053344705' }));
    expect(again.status).toBe(422);
    expect(again.json.errors.cpf).toEqual(['Já existe um candidato com este CPF']);
    expect((await call(B, 'POST', '/candidatos', candidateBody({ cpf: '39053344705' }))).status).toBe(201);
  });

  it('answers each invalid field with 422 {errors: {campo: [mensagem]}}, nothing kept', async () => {
    const answer = await call(
      A,
      'POST',
      '/candidatos',
      candidateBody({
        cpf: '52998224724',
        titulo_eleitoral: '100000000125',
        nome: '',
        data_nascimento: '31/12/1980',
        partido_id: 80,
        tipo_candidatura_id: 9,
        imagem_base_64: Buffer.from('GIF89a...').toString('base64'),
        email_usuario: 'sem-arroba',
        endereco_attributes: { ...candidateBody().endereco_attributes, municipio_codigo_ibge: 3304557 },
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({
      cpf: ['CPF inválido'],
      titulo_eleitoral: ['Título de eleitor inválido'],
      nome: ['Campo Obrigatório'],
      data_nascimento: ['Data de nascimento inválida'],
      partido_id: ['Partido inexistente'],
      tipo_candidatura_id: ['Tipo de candidatura inexistente'],
      imagem_base_64: ['Apenas imagens jpg/jpeg/png são permitidas'],
      email_usuario: ['E-mail inválido'],
      'endereco_attributes.municipio_codigo_ibge': ['Código IBGE inválido'],
    });
    expect((await call(A, 'GET', '/candidatos/52998224724')).status).toBe(404);
  });

  it('refuses a photo over 1 MB (a PNG by its bytes) and a missing one', async () => {
    const big = Buffer.alloc(1_048_577);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const answer = await call(
      A,
      'POST',
      '/candidatos',
      candidateBody({ imagem_base_64: big.toString('base64') }),
    );
    expect(answer.json.errors).toEqual({ imagem_base_64: ['Não é permitido arquivos maiores que 1MB'] });
    const { imagem_base_64: _, ...withoutPhoto } = candidateBody();
    const missing = await call(A, 'POST', '/candidatos', withoutPhoto);
    expect(missing.json.errors).toEqual({ imagem_base_64: ['Campo Obrigatório'] });
  });

  it('hostile bodies: unknown and prototype keys, wrong types, control characters, huge values, not JSON', async () => {
    const unknown = await call(
      A,
      'POST',
      '/candidatos',
      `{"__proto__": {"x": 1}, "constructor": 1, ${JSON.stringify(candidateBody()).slice(1)}`,
    );
    expect(unknown.status).toBe(422);
    expect(unknown.text).toBe(
      '{"errors":{"__proto__":["Campo informado não existe"],"constructor":["Campo informado não existe"]}}',
    );
    const types = await call(
      A,
      'POST',
      '/candidatos',
      candidateBody({ nome: 12, partido_id: '13', endereco_attributes: [] }),
    );
    expect(types.json.errors).toEqual({
      nome: ['Valor inválido para o campo'],
      partido_id: ['Valor inválido para o campo'],
      endereco_attributes: ['Valor inválido para o campo'],
    });
    const control = await call(
      A,
      'POST',
      '/candidatos',
      candidateBody({ nome: 'Maria\u0000', rg: 'x'.repeat(10_000) }),
    );
    expect(control.json.errors).toEqual({
      nome: ['Valor inválido para o campo'],
      rg: ['Valor inválido para o campo'],
    });
    for (const body of [null, [], 'texto', 42]) {
      const answer = await call(A, 'POST', '/candidatos', JSON.stringify(body));
      expect(answer.status).toBe(422);
      expect(answer.json.errors.base).toBeDefined();
    }
    const broken = await call(A, 'POST', '/candidatos', '{"nome":');
    expect(broken).toMatchObject({ status: 400, json: { errors: { base: ['JSON inválido'] } } });
    const huge = await call(A, 'POST', '/candidatos', JSON.stringify({ nome: 'x'.repeat(4 * 1024 * 1024) }));
    expect(huge).toMatchObject({ status: 413, json: { errors: { base: ['Conteúdo muito grande'] } } });
    const plain = await fetch(`${sandbox.url}/candidatos`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${A}:`).toString('base64')}`,
        'content-type': 'text/plain',
      },
      body: 'nome=x',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ errors: { base: ['Valor inválido para o campo'] } });
  });
});

describe('campanhas', () => {
  it('only for a confirmed candidate of the account', async () => {
    const created = await call(A, 'POST', '/candidatos', candidateBody({ cpf: '71428793860' }));
    const refused = await call(A, 'POST', '/campanhas', campaignBody(created.json.id));
    expect(refused).toMatchObject({
      status: 422,
      json: { errors: { candidato_id: ['Candidato ainda não confirmado'] } },
    });
    sandbox.confirmCandidate(created.json.id);
    const other = await call(B, 'POST', '/campanhas', campaignBody(created.json.id));
    expect(other).toMatchObject({
      status: 422,
      json: { errors: { candidato_id: ['Candidato não encontrado'] } },
    });
    expect((await call(A, 'POST', '/campanhas', campaignBody(created.json.id))).status).toBe(201);
  });

  it('the §5 limits and messages', async () => {
    const id = await confirmedCandidate(A, '87748248800');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ valor_minimo: 4.99 }, { valor_minimo: ['Valor mínimo de doação é R$ 5,00'] }],
      [{ valor_maximo: 1064.01 }, { valor_maximo: ['Valor máximo de doação diária é R$ 1.064,00'] }],
      [
        { valor_minimo: 100, valor_maximo: 100, valor_sugerido: 100 },
        { valor_minimo: ['Valor mínimo não pode ser igual ou maior ao valor máximo'] },
      ],
      [
        { valor_sugerido: 2000 },
        { valor_sugerido: ['Valor sugerido deve estar entre o valor mínimo e valor máximo'] },
      ],
      [{ valor_minimo: 5.001 }, { valor_minimo: ['Valor em reais com até duas casas decimais'] }],
      [
        { nome: '  ', ativo: 'sim' },
        { nome: ['Campo Obrigatório'], ativo: ['Valor inválido para o campo'] },
      ],
      [{ token: 'x' }, { token: ['Campo informado não existe'] }],
    ];
    for (const [override, errors] of cases) {
      const answer = await call(A, 'POST', '/campanhas', campaignBody(id, override));
      expect(answer.status, JSON.stringify(override)).toBe(422);
      expect(answer.json.errors).toEqual(errors);
    }
    expect((await call(A, 'GET', `/campanhas?candidato_id=${id}`)).json.campanhas).toEqual([]);
  });

  it('creates, lists by candidate and updates; money as reais with two decimals; the URL is kept', async () => {
    const id = await confirmedCandidate(A, '93541134780');
    const created = await call(
      A,
      'POST',
      '/campanhas',
      campaignBody(id, { nome: 'Doe já: Saúde!', valor_minimo: 10.5 }),
    );
    expect(created.status).toBe(201);
    expect(created.text).toContain('"valor_minimo":10.50');
    expect(created.text).toContain('"valor_maximo":1064.00');
    const campaign = created.json;
    expect(campaign).toMatchObject({
      candidato_id: id,
      nome: 'Doe já: Saúde!',
      ativo: true,
      valor_minimo: 10.5,
      valor_sugerido: 50,
      valor_maximo: 1064,
      campanha_url: 'gabinete-doe-ja-saude',
      url: `${sandbox.url}/doar/gabinete-doe-ja-saude`,
    });
    expect(campaign.token).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(campaign.data).getTime()).not.toBeNaN();

    const second = await call(
      A,
      'POST',
      '/campanhas',
      campaignBody(id, { nome: 'Doe já: Saúde!', valor_sugerido: null }),
    );
    expect(second.json).toMatchObject({ campanha_url: 'gabinete-doe-ja-saude-2', valor_sugerido: 50 });

    const updated = await call(
      A,
      'PUT',
      `/campanhas/${campaign.token}`,
      campaignBody(id, { nome: 'Novo título', ativo: false, valor_sugerido: 20 }),
    );
    expect(updated.json).toMatchObject({
      nome: 'Novo título',
      ativo: false,
      valor_sugerido: 20,
      campanha_url: 'gabinete-doe-ja-saude',
    });
    const listed = await call(A, 'GET', `/campanhas?candidato_id=${id}`);
    expect(listed.json.campanhas.map((c: { nome: string }) => c.nome)).toEqual([
      'Novo título',
      'Doe já: Saúde!',
    ]);

    expect((await call(B, 'PUT', `/campanhas/${campaign.token}`, campaignBody(id))).status).toBe(404);
    expect((await call(B, 'GET', `/campanhas?candidato_id=${id}`)).json.campanhas).toEqual([]);
    expect((await call(A, 'GET', '/campanhas?candidato_id=abc')).status).toBe(422);
  });
});

describe('faturas', () => {
  it('needs the campaign token header of one of the account campaigns', async () => {
    const id = await confirmedCandidate(A, '45317828791');
    const campaign = (await call(A, 'POST', '/campanhas', campaignBody(id))).json;
    const missing = await call(A, 'GET', '/faturas');
    expect(missing).toMatchObject({
      status: 422,
      json: { errors: { token: ['Informe o token da campanha no cabeçalho X-Campanha-Token'] } },
    });
    expect(
      (await call(A, 'GET', '/faturas', undefined, { 'x-campanha-token': campaign.token })).json,
    ).toEqual({ faturas: [] });
    expect((await call(B, 'GET', '/faturas', undefined, { 'x-campanha-token': campaign.token })).status).toBe(
      404,
    );
    expect((await call(A, 'GET', '/faturas', undefined, { 'x-campanha-token': 'nenhum' })).status).toBe(404);
  });
});
