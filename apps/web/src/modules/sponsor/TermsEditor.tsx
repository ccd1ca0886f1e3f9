import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { SPONSOR_MESSAGES } from '@mandato/domain';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import './sponsor.css';

import { TERMS_EDITOR_HEIGHT } from './termsEditorHeight.ts';

/**
 * The privacy-policy terms in TipTap (spec 1 §3: rich text, 300 px high), loaded on demand with the
 * settings view. The HTML it gives is sanitised again on the server before it is stored.
 */
export default function TermsEditor({
  value,
  onChange,
}: {
  value: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] }, link: { openOnClick: false } })],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': SPONSOR_MESSAGES.termsLabel,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'sponsor-terms-editor__content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // a value loaded after the editor was built (the saved form arriving). useEditor may replace its
  // editor before this effect runs, destroying the one this render had (its schema gone: getHTML
  // would throw); the new editor starts from the current value and runs this effect again.
  useEffect(() => {
    if (!editor?.schema) return;
    if (value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const tool = (label: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Button
      size="small"
      type={active ? 'primary' : 'default'}
      aria-label={label}
      aria-pressed={active}
      icon={icon}
      onClick={run}
      disabled={!editor}
    />
  );
  return (
    <div className="sponsor-terms-editor">
      <Space size={4} wrap className="sponsor-terms-editor__toolbar">
        {tool('Negrito', <BoldOutlined />, !!editor?.isActive('bold'), () =>
          editor?.chain().focus().toggleBold().run(),
        )}
        {tool('Itálico', <ItalicOutlined />, !!editor?.isActive('italic'), () =>
          editor?.chain().focus().toggleItalic().run(),
        )}
        {tool('Lista', <UnorderedListOutlined />, !!editor?.isActive('bulletList'), () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {tool('Lista numerada', <OrderedListOutlined />, !!editor?.isActive('orderedList'), () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        <Button
          size="small"
          type={editor?.isActive('heading', { level: 3 }) ? 'primary' : 'default'}
          aria-pressed={!!editor?.isActive('heading', { level: 3 })}
          onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
          disabled={!editor}
        >
          Título
        </Button>
      </Space>
      <EditorContent
        editor={editor}
        style={{ height: TERMS_EDITOR_HEIGHT }}
        className="sponsor-terms-editor__body"
      />
    </div>
  );
}
