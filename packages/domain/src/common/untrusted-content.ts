/**
 * Untrusted documents (an e-mail's HTML, rich text, an XLSX import) are processed by the server off
 * its main thread, each task within a heap and a time limit, and an HTML document within a budget
 * checked while it is read (issue 38). The limits and the texts of their refusals.
 */

/**
 * What one e-mail's HTML may hold. A newsletter of the editor nests about 20 levels, a 1 MB one has
 * about 25,000 elements and a few hundred style rules; past these the work grows with no benefit.
 */
export const HTML_BUDGET = {
  elements: 40_000,
  depth: 100,
  /** `{{…}}` merge tags, in text and in attributes */
  mergeTags: 20_000,
  /** rules of the `<style>` blocks (each one is matched against every element when inlined) */
  styleRules: 2_000,
  /**
   * style rules × elements, plus the ancestors descendant selectors try (`ancestorStep` each): what
   * inlining costs (0.7–2 µs a pair on the 2-core machine), so a document answers in ~2 s at worst;
   * a 1 MB newsletter (25,000 elements) may have 40 rules, one of 2,000 elements 500
   */
  styleWork: 1_000_000,
  /**
   * What one ancestor a descendant combinator (`section p`) tries costs, in rule × element pairs:
   * 0.056 µs a step against 0.69 µs a pair alone (juice 11 on the 2-core machine), about twice that
   * in a whole document at the budget (25 rules over 4,400 elements 100 deep: 1.4 s of CPU)
   */
  ancestorStep: 0.16,
} as const;

/** One task of the isolated pool: its heap, its time (waits for the database not counted). */
export const UNTRUSTED_TASK_LIMITS = {
  heapMb: 256,
  seconds: 20,
  /** tasks of one tenant, running or waiting: past it a 429 */
  perTenant: 4,
  /** tasks of everyone waiting for a worker: past it a 429 */
  waiting: 64,
} as const;

const count = (n: number) => n.toLocaleString('pt-BR');

export const UNTRUSTED_MESSAGES = {
  tooManyElements: (max: number) =>
    `O HTML passa de ${count(max)} elementos: simplifique o layout ou divida o conteúdo`,
  tooDeep: (max: number) => `O HTML aninha mais de ${count(max)} níveis de elementos`,
  tooManyMergeTags: (max: number) => `O HTML tem mais de ${count(max)} campos de mesclagem ({{…}})`,
  tooManyStyleRules: (max: number) => `O HTML tem mais de ${count(max)} regras de estilo`,
  tooMuchNestedStyle:
    'O estilo do HTML usa seletores de descendentes (como "section p") demais para tantos elementos aninhados: use classes nos próprios elementos ou simplifique o layout',
  siblingSelectors:
    'O estilo do HTML usa seletores de irmãos (~) ou :has(), que não são aceitos em e-mails: use classes nos próprios elementos',
  tooMuchStyle: (rules: number, elements: number, max: number) =>
    `O HTML combina ${count(rules)} regras de estilo com ${count(elements)} elementos (o produto passa de ${count(max)}): use menos regras ou divida o conteúdo`,
  timeLimit: (seconds: number) =>
    `O documento passou do limite de tempo de processamento (${count(seconds)} s): simplifique-o e tente de novo`,
  memoryLimit: (mb: number) =>
    `O documento passou do limite de memória de processamento (${count(mb)} MB): simplifique-o e tente de novo`,
  failed: 'O documento não pôde ser processado: confira o arquivo e tente de novo',
  busy: 'Há documentos demais sendo processados agora: tente de novo em instantes',
} as const;
