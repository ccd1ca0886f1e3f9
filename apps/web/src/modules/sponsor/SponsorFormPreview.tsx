import {
  SPONSOR_FIELD_LABELS,
  SPONSOR_MESSAGES,
  type SponsorFormSave,
  type SponsorPublicForm,
} from '@mandato/domain';
import { Alert, Card, Drawer, Typography } from 'antd';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { SponsorSignUpForm } from './SponsorSignUpForm.tsx';

/**
 * The form being edited as a visitor sees it at a personal link: the public page's own form in its
 * preview mode (it never sends). The terms are the editor's HTML (TipTap writes only its schema's
 * nodes), shown to the administrator who wrote them; the public page shows the server-sanitised copy.
 */
export function SponsorFormPreview({
  form,
  faviconUrl,
  termsVersion,
  onClose,
}: {
  form: SponsorFormSave;
  faviconUrl: string | null;
  termsVersion: string;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const data: SponsorPublicForm = {
    godfather: { code: '', name: SPONSOR_MESSAGES.previewGodfather },
    formConfig: {
      title: form.title,
      description: form.description,
      favicon: faviconUrl,
      fields: form.fields.map((f) => ({ ...f, label: SPONSOR_FIELD_LABELS[f.name] })),
    },
    terms: form.terms,
    termsVersion,
  };
  return (
    <Drawer open title={SPONSOR_MESSAGES.previewTitle} size={mobile ? '100%' : 520} onClose={onClose}>
      <Typography.Paragraph type="secondary">{SPONSOR_MESSAGES.previewHint}</Typography.Paragraph>
      {form.fields.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={SPONSOR_MESSAGES.previewNoFields}
          style={{ marginBottom: 12 }}
        />
      )}
      <Card className="sponsor-public__card" data-testid="sponsor-form-preview">
        <SponsorSignUpForm data={data} target={{ kind: 'preview' }} />
      </Card>
    </Drawer>
  );
}
