import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';

export type SaveAction = 'add' | 'edit';

/** Name check of the save modal (spec 2 §5 "Segment name"). */
export function segmentNameError(name: string, action: SaveAction, currentName: string): string | undefined {
  if (!name.trim()) return PEOPLE_TEXTS.segmentNameRequired;
  if (action === 'add' && name.trim().toLowerCase() === currentName.trim().toLowerCase()) {
    return PEOPLE_TEXTS.segmentNameTaken;
  }
  return undefined;
}
