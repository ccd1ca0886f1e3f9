import { IMPORT_MAX_FILE_BYTES } from './import.schemas.ts';

/** Texts of the import page, its modals and the history (spec 2 §2 "Import page and modals", §8). */
export const IMPORT_PAGE_TEXTS = {
  pageTitle: (listName: string) => `Importar ${listName}`,
  importButton: 'Importar',
  instructionsTitle: 'Instruções',
  instructions: [
    'Baixe o modelo e preencha uma pessoa por linha, sem mudar os cabeçalhos da primeira linha.',
    'Datas no formato dd/mm/aaaa; celular, telefone, CPF e CEP com ou sem máscara.',
    'voto: CONQUISTADO, A CONQUISTAR ou PERDIDO; genero: FEMININO, MASCULINO, NÃO BINÁRIO ou OUTRO.',
    'tags separadas por vírgula: as que não existem são criadas.',
    'Padrinho: nome_padrinho com celular_padrinho ou email_padrinho; ele é encontrado ou criado e ligado à pessoa.',
    'Quem já existe (mesmo e-mail ou CPF) segue o comportamento escolhido ao importar.',
    'codigo e codigo_padrinho: deixe vazios. Numa planilha exportada eles vêm preenchidos e identificam a pessoa e o padrinho, mesmo sem e-mail, celular nem CPF.',
    `Utilize APENAS arquivos XLSX, de até ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB, sem fórmulas nem células mescladas.`,
  ],
  templateButton: 'Baixar modelo (XLSX)',
  templateFileName: 'modelo-importacao.xlsx',
  templateError: 'Não foi possível baixar o modelo de importação',
  smallScreen: 'A importação está disponível em telas a partir de 768 px de largura.',
  // the modal
  stepBehavior: 'Registros duplicados',
  stepBehaviorHint: 'O que fazer com quem já está cadastrado (mesmo e-mail ou CPF)?',
  stepUpload: 'Arquivo',
  uploadHint: 'Clique ou arraste o arquivo XLSX para esta área',
  next: 'Próximo',
  back: 'Voltar',
  send: 'Enviar e validar',
  sending: 'Enviando e validando a planilha…',
  close: 'Concluir',
  // history and logs
  columns: {
    date: 'Data',
    responsible: 'Responsável',
    status: 'Status',
    state: 'Situação',
    line: 'Linha',
    failures: 'Falhas',
    contact: 'Cód. Contato',
    error: 'Erro',
  },
  validating: (rows: number) => `Validando a planilha: ${rows.toLocaleString('pt-BR')} linhas lidas`,
  summary: (success: number, error: number, skip: number) =>
    `${success.toLocaleString('pt-BR')} importado(s), ${error.toLocaleString('pt-BR')} com erro, ${skip.toLocaleString('pt-BR')} ignorado(s)`,
  progress: (done: number, total: number) =>
    `${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas`,
  emptyHistory: 'Nenhuma importação ainda',
  emptyLogs: 'Nenhum erro registrado',
  removedUser: 'Usuário removido',
} as const;
