import type { Person } from '@mandato/domain';
import { CompanyDrawer } from '../../companies/company-drawer/CompanyDrawer.tsx';
import { AccessDialog } from '../../team-access/AccessDialog.tsx';
import { PersonDrawer } from '../person-drawer/PersonDrawer.tsx';

/** What the screen has open over the list. */
export type Editor =
  | { kind: 'person'; type: 'PERSON' | 'TEAM'; code?: number }
  | { kind: 'company'; code?: number }
  | { kind: 'access'; person: Person }
  | null;

export function Editors({
  editor,
  onClose,
  onSaved,
}: {
  editor: Editor;
  onClose: () => void;
  onSaved: () => void;
}) {
  if (!editor) return null;
  switch (editor.kind) {
    case 'person':
      return <PersonDrawer type={editor.type} code={editor.code} onClose={onClose} onSaved={onSaved} />;
    case 'company':
      return <CompanyDrawer code={editor.code} onClose={onClose} onSaved={onSaved} />;
    case 'access':
      return editor.person.user ? (
        <AccessDialog
          userCode={editor.person.user.code}
          name={editor.person.name ?? editor.person.email ?? ''}
          onClose={onClose}
        />
      ) : null;
  }
}
