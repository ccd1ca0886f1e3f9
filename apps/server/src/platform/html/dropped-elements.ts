/**
 * Elements a sanitiser drops with their text (email-html.ts, sanitize-html.ts): their content is
 * raw text, script or another namespace, never words for the reader. Other elements not allowed
 * are dropped keeping their text.
 */
export const DROPPED_WITH_TEXT: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'template',
  'svg',
  'math',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'object',
];
