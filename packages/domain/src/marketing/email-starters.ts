/**
 * The starting designs of a new e-mail (issue 40 item 2): newsletter, invitation, accountability
 * and birthday, written for a mandate's team. Each is one HTML string the editor opens as its
 * canvas (GrapesJS `setComponents`), and it is saved as any HTML is: through the server's sanitiser
 * (apps/server platform/html/email-html.ts, checked by email-starters.test.ts there).
 *
 * How they are built, for who writes another:
 * - only inline styles (the sanitiser drops `<style>` blocks and media queries), layout tables
 *   marked `role="presentation"`, 600 px at most, centred;
 * - the columns stack on a phone without a media query: each is an inline block of at most its
 *   width and 100 % below it (the "fluid hybrid" layout), so a 390 px screen shows them one under
 *   the other;
 * - `lang="pt-BR"`, real headings (one h1, then h2), link texts that say where they go, text colours
 *   at 4.5:1 or more on their background, and no image: no address of another host that could
 *   break or track; what the team must write over is in [brackets], links point to example.com
 *   (reserved: it never belongs to anyone) until the team puts its own;
 * - the unsubscribe line is not here: every message gets it at the send.
 */

export type EmailStarterKey = 'newsletter' | 'invitation' | 'accountability' | 'birthday';

export interface EmailStarter {
  key: EmailStarterKey;
  /** the chooser's name of the design */
  name: string;
  /** what it is for, one line */
  description: string;
  /** the subject it suggests (the user's own subject is never replaced) */
  subject: string;
  html: string;
}

const FONT = 'font-family:Arial, Helvetica, sans-serif;';
const TEXT = `${FONT}color:#1f2937;font-size:16px;line-height:1.6;`;
const H1 = `${FONT}margin:0 0 12px;font-size:28px;line-height:1.25;font-weight:bold;`;
const H2 = `${FONT}margin:0 0 8px;font-size:20px;line-height:1.3;font-weight:bold;color:#1d3557;`;
const P = 'margin:0 0 16px;';
const LINK = 'color:#1d4ed8;text-decoration:underline;font-weight:bold;';

/** The page around the message: the light background and the 600 px column. */
function page(accent: string, rows: string): string {
  return (
    `<div lang="pt-BR" dir="ltr" style="margin:0;padding:0;background-color:#eef2f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#eef2f6" style="width:100%;background-color:#eef2f6;">` +
    `<tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border-top:6px solid ${accent};">` +
    rows +
    `</table></td></tr></table></div>`
  );
}

/** The band with the mandate's name (text, no logo image: the team may add its own). */
function masthead(background: string, kicker: string): string {
  return (
    `<tr><td bgcolor="${background}" style="background-color:${background};padding:20px 32px;${FONT}color:#ffffff;">` +
    `<p style="margin:0;font-size:13px;line-height:1.4;letter-spacing:1px;text-transform:uppercase;color:#ffffff;">${kicker}</p>` +
    `<p style="margin:4px 0 0;font-size:22px;line-height:1.3;font-weight:bold;color:#ffffff;">Mandato [Nome do parlamentar]</p>` +
    `</td></tr>`
  );
}

/** A row of the column's body. */
const row = (content: string, padding = '24px 32px 8px') =>
  `<tr><td style="padding:${padding};${TEXT}">${content}</td></tr>`;

/** A call-to-action button: a link styled as a button (a table cell, as mail clients draw it). */
function button(href: string, label: string, color: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">` +
    `<tr><td bgcolor="${color}" style="background-color:${color};border-radius:6px;">` +
    `<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;${FONT}font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a>` +
    `</td></tr></table>`
  );
}

/**
 * Columns side by side on a wide screen and one under another on a phone: inline blocks of at most
 * `width` px, 100 % below it (no media query).
 */
function columns(width: number, cells: string[]): string {
  const cell = (content: string) =>
    `<div style="display:inline-block;vertical-align:top;width:100%;max-width:${width}px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
    `<td style="padding:8px;${TEXT}">${content}</td></tr></table></div>`;
  return `<tr><td style="padding:8px 24px 16px;font-size:0;text-align:center;">${cells.map(cell).join('')}</td></tr>`;
}

/** A highlighted figure in a column box. */
function figure(value: string, label: string, background: string, color: string): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
    `<td bgcolor="${background}" style="background-color:${background};border-radius:8px;padding:16px;text-align:center;${FONT}">` +
    `<p style="margin:0;font-size:30px;line-height:1.2;font-weight:bold;color:${color};">${value}</p>` +
    `<p style="margin:4px 0 0;font-size:15px;line-height:1.4;color:#1f2937;">${label}</p>` +
    `</td></tr></table>`
  );
}

/** The mandate's signature and contacts at the foot of the message. */
function footer(note: string): string {
  return (
    `<tr><td bgcolor="#f3f4f6" style="background-color:#f3f4f6;padding:24px 32px;${FONT}font-size:14px;line-height:1.6;color:#374151;">` +
    `<p style="margin:0 0 8px;font-weight:bold;color:#1f2937;">Gabinete [Nome do parlamentar]</p>` +
    `<p style="margin:0 0 8px;">[Endereço do gabinete] · [Cidade – UF]<br>` +
    `Telefone: <a href="tel:+550000000000" style="color:#1d4ed8;">[(00) 0000-0000]</a> · ` +
    `<a href="https://example.com/" target="_blank" style="color:#1d4ed8;">Site do mandato</a></p>` +
    `<p style="margin:0;">${note}</p>` +
    `</td></tr>`
  );
}

const newsletter: EmailStarter = {
  key: 'newsletter',
  name: 'Boletim',
  description: 'As notícias do mandato no mês: ações, números e um convite para acompanhar.',
  subject: 'Boletim do mandato: o que fizemos este mês, {{primeiro_nome}}',
  html: page(
    '#e9a23b',
    masthead('#1d3557', 'Boletim do mandato · [mês de 2026]') +
      row(
        `<h1 style="${H1}color:#1d3557;">O que o mandato fez por você este mês</h1>` +
          `<p style="${P}">Olá, {{primeiro_nome}}!</p>` +
          `<p style="${P}">Este é o resumo do nosso trabalho nas últimas semanas: projetos, visitas aos bairros e os próximos passos. Obrigado por acompanhar de perto.</p>`,
      ) +
      row(
        `<h2 style="${H2}">[Título da primeira notícia]</h2>` +
          `<p style="${P}">Conte em duas ou três linhas o que aconteceu, quem foi beneficiado e o que muda na vida das pessoas. Ex.: a aprovação do projeto que amplia o horário das unidades de saúde.</p>` +
          `<p style="${P}"><a href="https://example.com/noticias/primeira" target="_blank" style="${LINK}">Leia a notícia completa no site do mandato</a></p>`,
        '8px 32px 8px',
      ) +
      row(
        `<h2 style="${H2}">[Título da segunda notícia]</h2>` +
          `<p style="${P}">Uma visita, uma audiência pública ou uma conquista do bairro. Diga onde foi, quando e o resultado.</p>` +
          `<p style="${P}"><a href="https://example.com/noticias/segunda" target="_blank" style="${LINK}">Veja as fotos da visita no site do mandato</a></p>`,
        '8px 32px 8px',
      ) +
      row(`<h2 style="${H2}">O mandato em números</h2>`, '8px 32px 0') +
      columns(276, [
        figure('[12]', 'projetos de lei apresentados', '#e8eef7', '#1d3557'),
        figure('[35]', 'bairros visitados', '#fdf3e1', '#8a4b08'),
      ]) +
      row(
        `<p style="${P}">Tem uma demanda para o seu bairro? A equipe do gabinete responde.</p>` +
          button('https://example.com/fale-conosco', 'Fale com o gabinete', '#1d3557'),
        '8px 32px 8px',
      ) +
      footer(
        'Você recebe este boletim porque se cadastrou para acompanhar o mandato. Enviado em {{data_atual}}.',
      ),
  ),
};

const invitation: EmailStarter = {
  key: 'invitation',
  name: 'Convite para evento',
  description: 'Audiência pública, reunião no bairro ou encontro: data, local e confirmação.',
  subject: '{{primeiro_nome}}, você está convidado(a): [nome do evento]',
  html: page(
    '#0f766e',
    masthead('#0f5e57', 'Convite') +
      row(
        `<h1 style="${H1}color:#0f5e57;">Você está convidado(a): [Nome do evento]</h1>` +
          `<p style="${P}">Olá, {{primeiro_nome}}!</p>` +
          `<p style="${P}">Queremos ouvir você. Venha conversar com [Nome do parlamentar] sobre [tema do encontro] e trazer as ideias e as demandas da sua comunidade.</p>`,
      ) +
      columns(276, [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="#e6f4f1" style="background-color:#e6f4f1;border-radius:8px;padding:16px;text-align:left;${TEXT}">` +
          `<h2 style="${H2}color:#0f5e57;">Quando</h2>` +
          `<p style="margin:0;">[Sábado, 14 de março]<br>das [9h] às [12h]</p></td></tr></table>`,
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="#e6f4f1" style="background-color:#e6f4f1;border-radius:8px;padding:16px;text-align:left;${TEXT}">` +
          `<h2 style="${H2}color:#0f5e57;">Onde</h2>` +
          `<p style="margin:0;">[Nome do local]<br>[Rua, número – bairro]</p></td></tr></table>`,
      ]) +
      row(
        `<h2 style="${H2}color:#0f5e57;">Programação</h2>` +
          `<ul style="margin:0 0 16px;padding-left:20px;">` +
          `<li style="margin:0 0 6px;">[9h] – Recepção e café</li>` +
          `<li style="margin:0 0 6px;">[9h30] – Apresentação do mandato</li>` +
          `<li style="margin:0 0 6px;">[10h] – Palavra aberta à comunidade</li>` +
          `</ul>` +
          `<p style="${P}">A entrada é gratuita e o local tem acessibilidade. Confirme para reservarmos o seu lugar:</p>` +
          button('https://example.com/evento/confirmar', 'Confirmar minha presença', '#0f5e57') +
          `<p style="${P}"><a href="https://example.com/evento/mapa" target="_blank" style="${LINK}">Ver o local do evento no mapa</a></p>`,
        '8px 32px 8px',
      ) +
      footer('Traga quem também quer participar: este convite pode ser compartilhado.'),
  ),
};

const accountability: EmailStarter = {
  key: 'accountability',
  name: 'Prestação de contas',
  description: 'O que o mandato fez no período, com números, emendas e o link do relatório.',
  subject: 'Prestação de contas do mandato: [período]',
  html: page(
    '#1d4ed8',
    masthead('#1e3a8a', 'Prestação de contas') +
      row(
        `<h1 style="${H1}color:#1e3a8a;">Prestação de contas: [1º semestre de 2026]</h1>` +
          `<p style="${P}">Olá, {{primeiro_nome}}!</p>` +
          `<p style="${P}">Transparência é compromisso. Aqui está o que o mandato fez no período, com os números e para onde foi cada recurso.</p>`,
      ) +
      row(`<h2 style="${H2}color:#1e3a8a;">Os números do período</h2>`, '8px 32px 0') +
      columns(184, [
        figure('[18]', 'projetos apresentados', '#e8eef9', '#1e3a8a'),
        figure('[42]', 'indicações ao Executivo', '#e8eef9', '#1e3a8a'),
        figure('[96%]', 'de presença nas sessões', '#e8eef9', '#1e3a8a'),
      ]) +
      row(
        `<h2 style="${H2}color:#1e3a8a;">Para onde foram as emendas</h2>` +
          `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 16px;${FONT}font-size:15px;color:#1f2937;">` +
          `<caption style="text-align:left;padding:0 0 8px;font-size:14px;color:#374151;">Valores destinados por área (R$)</caption>` +
          `<thead><tr>` +
          `<th scope="col" align="left" style="padding:8px;border-bottom:2px solid #1e3a8a;text-align:left;">Área</th>` +
          `<th scope="col" align="right" style="padding:8px;border-bottom:2px solid #1e3a8a;text-align:right;">Valor</th>` +
          `</tr></thead><tbody>` +
          `<tr><td style="padding:8px;border-bottom:1px solid #d1d5db;">Saúde</td><td align="right" style="padding:8px;border-bottom:1px solid #d1d5db;text-align:right;">[R$ 500.000,00]</td></tr>` +
          `<tr><td style="padding:8px;border-bottom:1px solid #d1d5db;">Educação</td><td align="right" style="padding:8px;border-bottom:1px solid #d1d5db;text-align:right;">[R$ 350.000,00]</td></tr>` +
          `<tr><td style="padding:8px;border-bottom:1px solid #d1d5db;">Infraestrutura</td><td align="right" style="padding:8px;border-bottom:1px solid #d1d5db;text-align:right;">[R$ 250.000,00]</td></tr>` +
          `</tbody></table>`,
        '8px 32px 8px',
      ) +
      row(
        `<h2 style="${H2}color:#1e3a8a;">Projetos em destaque</h2>` +
          `<p style="${P}"><strong>[Nome do projeto]</strong> – [o que ele muda, em uma linha].</p>` +
          `<p style="${P}"><strong>[Nome do projeto]</strong> – [o que ele muda, em uma linha].</p>` +
          button('https://example.com/prestacao-de-contas', 'Ler o relatório completo', '#1e3a8a') +
          `<p style="${P}"><a href="https://example.com/transparencia" target="_blank" style="${LINK}">Consultar os gastos do gabinete no portal da transparência</a></p>`,
        '8px 32px 8px',
      ) +
      footer('Dúvidas sobre algum número? Responda a este e-mail que a equipe explica.'),
  ),
};

const birthday: EmailStarter = {
  key: 'birthday',
  name: 'Aniversário',
  description: 'Uma mensagem calorosa no dia do aniversário, com o nome de quem recebe.',
  subject: 'Feliz aniversário, {{primeiro_nome}}!',
  html: page(
    '#be185d',
    masthead('#9d174d', 'Uma mensagem especial') +
      row(
        `<p style="margin:0 0 8px;font-size:40px;line-height:1.1;font-weight:bold;color:#9d174d;text-align:center;">Parabéns!</p>` +
          `<h1 style="${H1}color:#1f2937;text-align:center;">Feliz aniversário, {{primeiro_nome}}!</h1>` +
          `<p style="${P}text-align:center;">Hoje é um dia para celebrar a sua vida e tudo o que você constrói na nossa cidade. Desejo muita saúde, alegria e conquistas no novo ano que começa.</p>` +
          `<p style="${P}text-align:center;">Conte sempre com o nosso mandato.</p>` +
          `<p style="margin:0 0 24px;text-align:center;font-weight:bold;">Um grande abraço,<br>[Nome do parlamentar]</p>`,
        '32px 32px 8px',
      ) +
      row(
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
          `<td bgcolor="#fce7f3" style="background-color:#fce7f3;border-radius:8px;padding:16px;text-align:center;${TEXT}">` +
          `<p style="margin:0 0 8px;">Quer mandar um recado para o gabinete?</p>` +
          `<a href="https://example.com/fale-conosco" target="_blank" style="${LINK}color:#9d174d;">Escrever para o gabinete pelo site do mandato</a>` +
          `</td></tr></table>`,
        '0 32px 24px',
      ) +
      footer('Você recebe esta mensagem porque faz parte dos contatos do mandato.'),
  ),
};

/** The starting designs, in the chooser's order. */
export const EMAIL_STARTERS: readonly EmailStarter[] = [newsletter, invitation, accountability, birthday];

/** The chooser of a new e-mail's start (issue 40 item 2). */
export const EMAIL_START_TEXTS = {
  title: 'Como você quer começar?',
  hint: 'Escolha um modelo pronto ou um e-mail que você já fez. Depois é só editar os textos no editor abaixo.',
  blank: 'Em branco',
  blankDescription: 'Uma página vazia para montar com os blocos do editor.',
  designs: 'Modelos do mandato',
  previous: 'Seus envios anteriores',
  previousHint: 'Copia só o conteúdo do e-mail: a lista, o remetente e o agendamento você escolhe de novo.',
  noPrevious: 'Você ainda não tem envios de e-mail para reaproveitar.',
  previousError: 'Não foi possível carregar os envios anteriores.',
  untitled: 'Envio sem assunto',
  use: (name: string) => `Começar com ${name}`,
  chosen: (name: string) => `Começou com: ${name}`,
  change: 'Trocar o começo',
  changeHint: 'Trocar o começo substitui o conteúdo do editor.',
  hide: 'Fechar a escolha',
  previewOf: (name: string) => `Miniatura de ${name}`,
  /** the birthday e-mail's editor */
  useBirthday: 'Usar o modelo Aniversário',
  useBirthdayHint: 'Substitui o conteúdo do editor pelo modelo de aniversário do mandato.',
} as const;
