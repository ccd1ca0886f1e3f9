import type { ProjectData } from 'grapesjs';

/**
 * The design as saved (`jsonContent`): GrapesJS project data as a JSON string. A string, because the
 * request layer trims every string value it sends, which would eat the spaces of the design's text
 * nodes ('Olá ' + <b>Maria</b>); an object (an older save, another client) is read too.
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
  return isProject ? (value as ProjectData) : undefined;
}

/** The design to save. */
export const savedProjectData = (data: ProjectData) => JSON.stringify(data);
