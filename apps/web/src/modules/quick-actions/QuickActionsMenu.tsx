import { ThunderboltOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { QUICK_ACTIONS_TEXTS } from '@mandato/domain';
import { Button, type InputRef, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { MenuTooltip } from '../../platform/layout/menu/MenuTooltip.tsx';
import type { QuickActionsProps } from '../../platform/layout/menu/quickActionsSlot.ts';
import { CompanyDrawer } from '../companies/company-drawer/CompanyDrawer.tsx';
import { PersonDrawer } from '../people/person-drawer/PersonDrawer.tsx';
import { QuickSearch } from './QuickSearch.tsx';
import './quickActions.css';

const T = QUICK_ACTIONS_TEXTS;

type Editor = { kind: 'person'; code?: number } | { kind: 'company' } | null;

/** Ctrl+K (⌘K on a Mac) opens the quick actions from any screen. */
export function isQuickActionsShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/**
 * The main menu's quick actions (spec 1 §2, issue 13): a dialog with the people search (name,
 * e-mail or phone; choosing a result opens the person drawer) and 'Adicionar pessoa' /
 * 'Adicionar local de votação', which open the same drawers as the people screen, over whatever screen is
 * showing. The menu shows it only with the CRM module and ROLE_CRM (QUICK_ACTIONS_RULE).
 */
export function QuickActionsMenu({ placement }: QuickActionsProps) {
  const [open, setOpen] = useState(false);
  const [editor, setEditor] = useState<Editor>(null);
  const searchRef = useRef<InputRef>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isQuickActionsShortcut(event)) return;
      event.preventDefault();
      setEditor(null);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openEditor = (next: Editor) => {
    setOpen(false);
    setEditor(next);
  };
  const close = () => setEditor(null);

  return (
    <>
      <MenuTooltip title={`${T.title} (${T.shortcut})`} placement={placement === 'top' ? 'top' : 'right'}>
        <button
          type="button"
          className="main-menu__item main-menu__button"
          aria-label={T.title}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        >
          <ThunderboltOutlined />
        </button>
      </MenuTooltip>
      <Modal
        open={open}
        title={T.title}
        width={530}
        footer={null}
        onCancel={() => setOpen(false)}
        // the dialog takes the focus when it opens (at once without animation): then the search
        afterOpenChange={(visible) => visible && searchRef.current?.focus()}
        destroyOnHidden
      >
        <QuickSearch inputRef={searchRef} onPick={(code) => openEditor({ kind: 'person', code })} />
        <div className="quick-actions__add">
          <Button icon={<UserAddOutlined />} onClick={() => openEditor({ kind: 'person' })}>
            {T.addPerson}
          </Button>
          <Button icon={<UsergroupAddOutlined />} onClick={() => openEditor({ kind: 'company' })}>
            {T.addCompany}
          </Button>
        </div>
      </Modal>
      {editor?.kind === 'person' && (
        <PersonDrawer type="PERSON" code={editor.code} onClose={close} onSaved={close} />
      )}
      {editor?.kind === 'company' && <CompanyDrawer onClose={close} onSaved={close} />}
    </>
  );
}
