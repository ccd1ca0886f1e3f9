import { sanitizeEmailDesign } from '@mandato/domain';
import type { ProjectData } from 'grapesjs';

/**
 * The design as saved (`jsonContent`): GrapesJS project data as a JSON string. A string, because the
 * request layer trims every string value it sends, which would eat the spaces of the design's text
 * nodes ('Olá ' + <b>Maria</b>); an object (an older save, another client) is read too. Opened
 * without scripts, handlers or script URLs (the server's rule on save; a draft saved before it).
 */
export function projectDataOf(saved: unknown): ProjectData | undefined {
  let value = saved;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const isProject =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { pages?: unknown }).pages);
  return isProject ? (sanitizeEmailDesign(value) as ProjectData) : undefined;
}

/** The design to save. */
export const savedProjectData = (data: ProjectData) => JSON.stringify(data);

/**
 * What the canvas starts from when there is no design but there is HTML (a shot saved by another
 * client, the birthday e-mail before its first design): the body's markup with the document's
 * `<style>` blocks, which GrapesJS reads into its CSS. Undefined when there is nothing to show.
 */
export function canvasHtmlOf(html: string | null | undefined): string | undefined {
  if (!html?.trim()) return undefined;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const styles = [...doc.head.querySelectorAll('style')].map((s) => s.outerHTML).join('');
  const body = doc.body.innerHTML.trim();
  return body || styles ? `${styles}${body}` : undefined;
}
