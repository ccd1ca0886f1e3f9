import { SEGMENT_TEXTS } from '../texts.ts';

export type SaveAction = 'add' | 'edit';

/** Name check of the save modal (spec 2 §5 "Segment name"). */
export function segmentNameError(name: string, action: SaveAction, currentName: string): string | undefined {
  if (!name.trim()) return SEGMENT_TEXTS.nameRequired;
  if (action === 'add' && name.trim().toLowerCase() === currentName.trim().toLowerCase()) {
    return SEGMENT_TEXTS.nameTaken;
  }
  return undefined;
}
