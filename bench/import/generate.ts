/**
 * The spreadsheet of bench:import: `total` rows with every column of the template filled with
 * realistic Brazilian data (valid CPFs, masked phones and CEPs, dd/mm/aaaa dates, tags, addresses,
 * godfathers from a pool), written with ExcelJS's streaming writer (shared strings off, as most
 * exporters write). Row i of the file is person i; `personRow(i)` gives the same person again.
 */
import { IMPORT_HEADERS, type ImportColumn } from '@mandato/domain';
import ExcelJS from 'exceljs';

const FIRST = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Luiza',
  'Carlos',
  'Adriana',
  'Paulo',
  'Juliana',
  'Pedro',
  'Márcia',
  'Lucas',
  'Fernanda',
  'Rafael',
  'Patrícia',
  'Marcos',
  'Aline',
  'Gabriel',
  'Sandra',
  'Rodrigo',
  'Camila',
  'Felipe',
  'Letícia',
  'Bruno',
  'Vanessa',
  'Thiago',
  'Renata',
  'Diego',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
];
const PLACES: [string, string, string, string][] = [
  ['Recife', 'PE', '81', '50'],
  ['São Paulo', 'SP', '11', '01'],
  ['Salvador', 'BA', '71', '40'],
  ['Fortaleza', 'CE', '85', '60'],
  ['Belo Horizonte', 'MG', '31', '30'],
  ['Curitiba', 'PR', '41', '80'],
  ['Porto Alegre', 'RS', '51', '90'],
  ['Manaus', 'AM', '92', '69'],
  ['Goiânia', 'GO', '62', '74'],
  ['Belém', 'PA', '91', '66'],
  ['Natal', 'RN', '84', '59'],
  ['João Pessoa', 'PB', '83', '58'],
];
const NEIGHBORHOODS = [
  'Centro',
  'Boa Vista',
  'Jardim América',
  'Vila Nova',
  'Santo Antônio',
  'Liberdade',
  'Aldeota',
];
const STREETS = [
  'Rua da Aurora',
  'Avenida Brasil',
  'Rua das Flores',
  'Rua São João',
  'Avenida Getúlio Vargas',
  'Rua Sete de Setembro',
];
const JOBS = [
  'Professora',
  'Comerciante',
  'Motorista',
  'Enfermeira',
  'Advogado',
  'Agricultor',
  'Estudante',
  'Aposentada',
  'Engenheiro',
  'Autônomo',
];
const TAGS = [
  'Saúde',
  'Educação',
  'Segurança',
  'Transporte',
  'Cultura',
  'Esporte',
  'Meio Ambiente',
  'Juventude',
  'Mulheres',
  'Idosos',
  'Comércio',
  'Zona Rural',
  'Liderança',
  'Voluntário',
  'Evento 2024',
  'Reunião de Bairro',
];
const VOTES = ['A CONQUISTAR', 'CONQUISTADO', 'PERDIDO'];
const GENDERS = ['FEMININO', 'MASCULINO', 'NÃO BINÁRIO', 'OUTRO'];
const GODFATHERS = 1000;

const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A valid CPF (masked) for a number. */
export function cpfOf(n: number): string {
  const base = [...pad((n * 7919 + 100_000_007) % 1_000_000_000, 9)].map(Number);
  const digit = (d: number[]) => {
    const sum = d.reduce((acc, v, i) => acc + v * (d.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  const s = [...base, first, second].join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

export function personRow(i: number, variant = ''): Record<ImportColumn, string> {
  const first = pick(FIRST, i);
  const last = pick(LAST, Math.floor(i / FIRST.length));
  const last2 = pick(LAST, i * 7 + 3);
  const [city, state, ddd, cep] = pick(PLACES, i * 13);
  const g = i % GODFATHERS;
  const gFirst = pick(FIRST, g * 3 + 1);
  const gLast = pick(LAST, g * 5 + 2);
  const born = new Date(Date.UTC(1940 + (i % 65), i % 12, 1 + (i % 28)));
  return {
    nome: `${first} ${last} ${last2}${variant}`,
    email: `${ascii(first)}.${ascii(last)}.${i}@exemplo.com.br`,
    voto: pick(VOTES, i),
    apelido: first.slice(0, 4),
    genero: pick(GENDERS, i),
    influencia: String(i % 50),
    data: `${pad(born.getUTCDate(), 2)}/${pad(born.getUTCMonth() + 1, 2)}/${born.getUTCFullYear()}`,
    celular: `(${ddd}) 9${pad((i * 37) % 10_000, 4)}-${pad(i % 10_000, 4)}`,
    telefone: `(${ddd}) 3${pad((i * 11) % 1000, 3)}-${pad((i * 17) % 10_000, 4)}`,
    cpf: cpfOf(i),
    profissao: `${pick(JOBS, i * 3)}${variant}`,
    zona: String(1 + (i % 200)),
    secao: String(1 + (i % 900)),
    observacoes: `Conheceu o mandato em ${pick(NEIGHBORHOODS, i)}; prefere contato por WhatsApp.${variant}`,
    tags: `${pick(TAGS, i)}, ${pick(TAGS, i * 7 + 5)}`,
    rua: pick(STREETS, i * 5),
    numero: String(1 + (i % 2000)),
    complemento: i % 3 === 0 ? `Apto ${100 + (i % 900)}` : 'Casa',
    bairro: pick(NEIGHBORHOODS, i * 11),
    cidade: city,
    estado: state,
    cep: `${cep}${pad(i % 1000, 3)}-${pad(i % 1000, 3)}`,
    nome_padrinho: `${gFirst} ${gLast}`,
    celular_padrinho: `(${ddd}) 98${pad(g, 3)}-${pad(g * 7, 4).slice(-4)}`,
    email_padrinho: `padrinho.${g}@exemplo.com.br`,
    // a new spreadsheet: people are matched by e-mail or CPF, not by code
    codigo: '',
  };
}

/** Writes rows 0..total-1 to `path`. */
export async function writeSpreadsheet(path: string, total: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...IMPORT_HEADERS]).commit();
  for (let i = 0; i < total; i++) {
    const row = personRow(i);
    sheet.addRow(IMPORT_HEADERS.map((h) => row[h])).commit();
  }
  sheet.commit();
  await workbook.commit();
}
