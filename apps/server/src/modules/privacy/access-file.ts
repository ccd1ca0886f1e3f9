import { PRIVACY_TEXTS } from '@mandato/domain';

/** The access (and portability) file: every module's part of what the tenant holds on the person. */
export interface AccessFile {
  generatedAt: string;
  request: string;
  personCode: string;
  sections: { module: string; data: Record<string, unknown> }[];
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function valueHtml(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return `<em>${escapeHtml(PRIVACY_TEXTS.fileEmpty)}</em>`;
    return `<ol>${value.map((item) => `<li>${valueHtml(item)}</li>`).join('')}</ol>`;
  }
  if (typeof value === 'object') {
    const rows = Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${valueHtml(v)}</td></tr>`)
      .join('');
    return rows ? `<table>${rows}</table>` : `<em>${escapeHtml(PRIVACY_TEXTS.fileEmpty)}</em>`;
  }
  return escapeHtml(String(value));
}

/**
 * The same file as a page anyone can read: self-contained (inline style, no script), every value
 * escaped — the person's own fields come from anywhere (an import, the public sponsor form).
 */
export function accessFileHtml(file: AccessFile): string {
  const sections = file.sections
    .map((s) => {
      const title = PRIVACY_TEXTS.fileSections[s.module] ?? s.module;
      return `<section><h2>${escapeHtml(title)}</h2>${valueHtml(s.data)}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(PRIVACY_TEXTS.fileTitle)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f1f1f}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d9d9d9;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#fafafa;width:14rem}h2{margin-top:2rem;border-bottom:1px solid #d9d9d9}</style>
</head><body>
<h1>${escapeHtml(PRIVACY_TEXTS.fileTitle)}</h1>
<p>${escapeHtml(PRIVACY_TEXTS.fileIntro)}</p>
<p>${escapeHtml(PRIVACY_TEXTS.fileGeneratedAt)}: ${escapeHtml(file.generatedAt)} · ${escapeHtml(PRIVACY_TEXTS.fileRequest)}: ${escapeHtml(file.request)}</p>
${sections}
</body></html>
`;
}
