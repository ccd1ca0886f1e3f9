/**
 * Every pt-BR text of the donations module (spec 3 §2.5, §5, §8 "Donation messages", §9). The §8
 * provider messages keep the spec's wording ('algun', 'EssentJust'); the brand of the politician
 * message is the product's own name.
 */
export const DONATION_TEXTS = {
  menu: 'Doações',
  sandbox: 'Ambiente de testes',
  sideMenu: {
    campaigns: 'Campanhas de Doação',
    settings: 'Configurações',
    integration: 'Integração EssentJus',
  },
  states: {
    NOT_INTEGRATED: 'Sistema não Integrado',
    AWAITING_APPROVAL: 'Aguardando aprovação',
    CONFIRMED: 'Conta de doação criada',
  },
  integration: {
    title: 'Integração EssentJus',
    notIntegrated: 'Sistema não Integrado',
    createAccount: 'Criar minha conta de Doação',
    awaitingApproval: 'Aguardando aprovação',
    awaitingApprovalHint:
      'Seu cadastro foi enviado à EssentJus e aguarda aprovação. Assim que for aprovado, você poderá criar suas campanhas de doação.',
    confirmed: 'Conta de doação criada',
    confirmedHint: 'Sua conta na EssentJus está ativa. Crie uma campanha para começar a receber doações.',
    goToCampaigns: 'Ir para as campanhas',
  },
  terms: {
    title: 'Termos de Uso',
    lines: [
      'Mensalidade de R$ 59,90',
      'As 10 primeiras doações são grátis; a partir da 11ª, R$ 2,50 por doação',
      'Conta digital: R$ 15,00 por mês',
      'Validação do CPF do doador: R$ 0,40 por doação',
      'Boleto bancário: R$ 3,07 cada',
      'Cartão de crédito: 3,17%',
      'Sem percentual de administração',
      'Primeira cobrança após o registro da candidatura',
    ],
    accept: 'Ao clicar em confirmar você aceita os termos acima',
  },
  wizard: {
    steps: ['Dados do Político', 'Candidatura', 'Foto', 'Termos de Uso'],
    back: 'Voltar',
    next: 'Próximo',
    confirm: 'Confirmar',
  },
  politician: {
    invalid: 'Ops, Dados inválidos! Confira as informações de cada campo.',
    ok: 'Tudo certo, podemos prosseguir',
    voterRegistration: 'Título de eleitor inválido',
    birthdayPlaceholder: 'DD/MM/AAAA',
  },
  photo: {
    title: 'Foto',
    required: 'Informe uma foto válida.',
    types: 'Apenas imagens jpg/jpeg/png são permitidas',
    tooBig: 'Não é permitido arquivos maiores que 1MB',
    noFile: 'Nenhum arquivo foi encontrado',
    advice: 'Use uma foto quadrada, por exemplo 200x200 pixels (jpg ou png, até 1MB).',
    choose: 'Escolher foto',
    preview: 'Pré-visualização da foto',
  },
  campaign: {
    dialogTitle: 'Campanha de Doação',
    new: 'Nova Campanha',
    edit: 'Editar campanha',
    cancel: 'Cancelar',
    save: 'Salvar',
    empty: 'Nenhuma campanha de doação encontrada',
    link: 'Link de doação',
    copyLink: 'Copiar link',
    linkCopied: 'Link copiado',
    qrCode: 'QR Code do link de doação',
    /** the sum of the paid donations only (pending invoices never count) */
    totalRaised: 'Total Arrecadado',
    /** the card's count: paid donations, beside every donation listed (issue 39 item 14) */
    paidDonations: 'Doações pagas',
    ofTotal: (total: number) => `de ${total.toLocaleString('pt-BR')} no total`,
    /** the heading of the table, which lists every donation, paid or pending */
    donationsList: 'Doações',
    active: 'Ativa',
    inactive: 'Inativa',
    fields: {
      active: 'Ativa',
      title: 'Título',
      min: 'Valor mínimo',
      max: 'Valor máximo',
      suggested: 'Valor sugerido',
    },
    minAtLeast: 'Valor mínimo de doação é R$ 5,00',
    maxAtMost: 'Valor máximo de doação diária é R$ 1.064,00',
    minBelowMax: 'Valor mínimo não pode ser igual ou maior ao valor máximo',
    suggestedBetween: 'Valor sugerido deve estar entre o valor mínimo e valor máximo',
    /** beside the link and the QR when the provider is the embedded sandbox (issue 40 item 10) */
    sandboxHint:
      'O provedor é o ambiente de testes embutido: o link e o QR code apontam para este computador e não abrem num celular nem para os doadores.',
  },
  /** Configurações › Sistema › Provedor de doações (issue 40 item 10): the tenant's provider token. */
  provider: {
    menu: 'Provedor de doações',
    title: 'Provedor de doações',
    intro:
      'O token da conta do mandato no provedor de arrecadação libera o módulo de Doações para quem tem a permissão Doações. Ele é guardado cifrado e não é mostrado de novo.',
    token: 'Token do provedor',
    tokenPlaceholder: 'Cole aqui o token fornecido pelo provedor',
    save: 'Salvar token',
    saved: 'Token do provedor de doações guardado',
    connected: 'Token guardado: o módulo de Doações está liberado.',
    notConnected: 'Nenhum token guardado: o módulo de Doações está fechado.',
    replaceHint:
      'Um token novo substitui o anterior; se for de outra conta do provedor, o cadastro do candidato recomeça.',
    sandboxHint:
      'Ambiente de testes: sem DONATION_PROVIDER_URL o provedor é o sandbox embutido, que aceita qualquer token de 8 a 200 caracteres.',
    invalidToken:
      'Token inválido: use de 8 a 200 letras, números, ponto, hífen, sublinhado ou til, sem espaços',
    loadError: 'Não foi possível obter o estado do provedor de doações',
    /** under the spec's 'Usuario nao possui acesso ao modulo de doacao': who opens it, and where */
    noAccessHint:
      'Quem tem a permissão Configurações liga o provedor em Configurações › Sistema › Provedor de doações.',
  },
  columns: {
    date: 'Data',
    donorName: 'Nome',
    cpf: 'CPF',
    email: 'E-mail',
    phone: 'Celular',
    value: 'Valor',
    status: 'Situação',
  },
  invoiceStatus: {
    PAID: 'Paga',
    PENDING: 'Pendente',
  },
  export: 'Exportar CSV',
  messages: {
    campaignsError: 'Ocorreu algum erro ao obter campanhas na EssentJust',
    candidateSaveError: 'Ocorreu algum erro ao salvar candidato na EssentJust',
    politicianSaveError: 'Ocorreu algum erro ao salvar político no Mandato',
    donationsError: 'Ocorreu algum erro ao buscar doações',
    campaignSaveError: 'Ocorreu algum erro ao salvar campanha',
    politicianError: 'Erro ao obter o político',
    registered: 'Seu cadastro foi realizado com sucesso',
    campaignSaved: 'Campanha salva com sucesso',
    noAccess: 'Usuario nao possui acesso ao modulo de doacao',
    notConfirmed: 'A conta de doação ainda não foi aprovada pela EssentJus',
    campaignNotFound: 'Campanha não encontrada',
    tooManyDonations:
      'Esta campanha passou de 10.000 doações, o máximo que o Mandato lista e exporta. Consulte as doações no painel da EssentJus.',
  },
} as const;
