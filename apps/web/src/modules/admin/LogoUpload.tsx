import { InboxOutlined } from '@ant-design/icons';
import { LOGO_MESSAGES } from '@mandato/domain';
import { Upload } from 'antd';
import { useState } from 'react';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { useTenantSchema } from '../../platform/session/useSession.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { uploadLogo } from './api.ts';

export const LOGO_UPLOAD_TEXTS = {
  title: 'Logo',
  hint: 'Clique ou arraste a imagem do logo para esta área',
  current: (name: string) => `Logo atual de ${name}`,
} as const;

/**
 * The account logo (click or drag; spec 1 §2): sent at once, then shown here and in the menu.
 * The server tells the type by the file's bytes; the browser's accept list only helps choosing.
 */
export function LogoUpload() {
  const schema = useTenantSchema();
  const [sending, setSending] = useState(false);
  if (!schema) return null;
  const send = async (file: File) => {
    setSending(true);
    try {
      const { logoUrl } = await uploadLogo(schema.slug, file);
      sessionStore.setSchema({ ...schema, logoUrl });
      notifySuccess(LOGO_MESSAGES.saved);
    } catch {
      // the api client showed the error notice
    } finally {
      setSending(false);
    }
  };
  return (
    <div>
      {schema.logoUrl && (
        <img
          src={schema.logoUrl}
          alt={LOGO_UPLOAD_TEXTS.current(schema.name)}
          style={{ display: 'block', maxWidth: 200, maxHeight: 50, marginBottom: 12, objectFit: 'contain' }}
        />
      )}
      <Upload.Dragger
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        disabled={sending}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{LOGO_UPLOAD_TEXTS.hint}</p>
        <p className="ant-upload-hint">{LOGO_MESSAGES.advice}</p>
      </Upload.Dragger>
    </div>
  );
}
