import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import {
  MESSAGES,
  SPONSOR_DESCRIPTION_MAX,
  SPONSOR_FIELD_LABELS,
  SPONSOR_MESSAGES,
  SPONSOR_SECTIONS,
  SPONSOR_TITLE_MAX,
  type SponsorField,
  type SponsorFieldName,
  type SponsorFormConfig,
  SponsorFormSaveSchema,
} from '@mandato/domain';
import { Button, Card, Checkbox, Form, Input, Skeleton, Space, Switch, Typography, Upload } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { notifications } from '../../platform/notifications/notifier.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { useSaveSponsorForm, useSponsorFavicon, useSponsorForm } from './hooks/useSponsor.ts';
import { SponsorFormPreview } from './SponsorFormPreview.tsx';
import { SponsorLinksHelp } from './SponsorLinksHelp.tsx';
import { TERMS_EDITOR_HEIGHT } from './termsEditorHeight.ts';

const TermsEditor = lazy(() => import('./TermsEditor.tsx'));

/**
 * 'Formulário de Apadrinhamento' (/admin/sistema/form-padrinho; spec 1 §2, §3, §5): title,
 * description, the privacy-policy terms (TipTap, loaded on demand), the fields of the public
 * form by section with 'obrigatório' toggles, and the favicon of the public page; where the public
 * links come from (each person's 'Apadrinhamento') and a preview of the form being edited.
 */
export function SponsorFormSettings() {
  const { slug = '' } = useParams();
  const [previewing, setPreviewing] = useState(false);
  const loaded = useSponsorForm();
  const save = useSaveSponsorForm();
  const favicon = useSponsorFavicon();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [terms, setTerms] = useState('');
  const [fields, setFields] = useState<Map<SponsorFieldName, boolean>>(new Map());

  const data = loaded.data;
  const apply = useCallback((config: SponsorFormConfig) => {
    setTitle(config.title);
    setDescription(config.description);
    setTerms(config.terms);
    setFields(new Map(config.fields.map((f) => [f.name, f.isRequired])));
  }, []);
  // the form is filled once from the server (a favicon upload refetches it: edits in course stay)
  const filled = useRef(false);
  useEffect(() => {
    if (!data || filled.current) return;
    filled.current = true;
    apply(data);
  }, [data, apply]);

  if (loaded.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;

  const toggle = (name: SponsorFieldName, shown: boolean) =>
    setFields((prev) => {
      const next = new Map(prev);
      if (shown) next.set(name, next.get(name) ?? false);
      else next.delete(name);
      return next;
    });
  const setRequired = (name: SponsorFieldName, required: boolean) =>
    setFields((prev) => new Map(prev).set(name, required));

  const list: SponsorField[] = SPONSOR_SECTIONS.flatMap((s) =>
    s.fields.filter((f) => fields.has(f)).map((f) => ({ name: f, isRequired: fields.get(f) ?? false })),
  );
  const submit = async () => {
    const parsed = SponsorFormSaveSchema.safeParse({ title, description, terms, fields: list });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? SPONSOR_MESSAGES.configRequired;
      notifications().error({ title: MESSAGES.ops, description: message });
      return;
    }
    try {
      // the saved form, with the terms as the server sanitised them
      apply(await save.mutateAsync(parsed.data));
      notifySuccess(SPONSOR_MESSAGES.saved);
    } catch {
      // the api client showed 'Falha ao tentar atualizar configuração do formulário'
    }
  };

  const faviconUrl = data?.faviconUrl;
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {SPONSOR_MESSAGES.adminTitle}
      </Typography.Title>
      <SponsorLinksHelp slug={slug} />
      <Form layout="vertical" component="div" requiredMark>
        <Form.Item label={SPONSOR_MESSAGES.titleLabel} htmlFor="sponsor-title" required>
          <Input
            id="sponsor-title"
            value={title}
            maxLength={SPONSOR_TITLE_MAX}
            showCount
            onChange={(e) => setTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={SPONSOR_MESSAGES.descriptionLabel} htmlFor="sponsor-description" required>
          <Input.TextArea
            id="sponsor-description"
            value={description}
            maxLength={SPONSOR_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={SPONSOR_MESSAGES.termsLabel} required>
          <Suspense
            fallback={<Skeleton.Node active style={{ width: '100%', height: TERMS_EDITOR_HEIGHT }} />}
          >
            <TermsEditor value={terms} onChange={setTerms} />
          </Suspense>
        </Form.Item>
        <Typography.Title level={5}>{SPONSOR_MESSAGES.fieldsLabel}</Typography.Title>
        <Typography.Paragraph type="secondary">{SPONSOR_MESSAGES.fieldsHint}</Typography.Paragraph>
        <div
          style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))' }}
        >
          {SPONSOR_SECTIONS.map((section) => (
            <Card key={section.key} size="small" title={section.title}>
              {section.fields.map((name) => {
                const shown = fields.has(name);
                const label = SPONSOR_FIELD_LABELS[name];
                return (
                  <div
                    key={name}
                    style={{
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      gap: 8,
                      padding: '4px 0',
                    }}
                  >
                    <Checkbox checked={shown} onChange={(e) => toggle(name, e.target.checked)}>
                      {label}
                    </Checkbox>
                    <Space size={4}>
                      <Switch
                        checked={shown && (fields.get(name) ?? false)}
                        disabled={!shown}
                        aria-label={`${label} ${SPONSOR_MESSAGES.requiredToggle}`}
                        onChange={(on) => setRequired(name, on)}
                      />
                      <Typography.Text type="secondary">{SPONSOR_MESSAGES.requiredToggle}</Typography.Text>
                    </Space>
                  </div>
                );
              })}
            </Card>
          ))}
        </div>
        <Typography.Title level={5}>{SPONSOR_MESSAGES.faviconLabel}</Typography.Title>
        <Space wrap align="center">
          {faviconUrl && (
            <img
              src={faviconUrl}
              alt={SPONSOR_MESSAGES.faviconLabel}
              width={32}
              height={32}
              style={{ objectFit: 'contain' }}
            />
          )}
          <Upload
            accept="image/png,image/x-icon,image/vnd.microsoft.icon,image/jpeg,image/webp,.ico"
            showUploadList={false}
            beforeUpload={(file) => {
              favicon.upload.mutate(file, { onSuccess: () => notifySuccess(SPONSOR_MESSAGES.saved) });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={favicon.upload.isPending}>
              Enviar ícone
            </Button>
          </Upload>
          {faviconUrl && (
            <Button
              icon={<DeleteOutlined />}
              loading={favicon.remove.isPending}
              onClick={() =>
                favicon.remove.mutate(undefined, {
                  onSuccess: () => notifySuccess(SPONSOR_MESSAGES.faviconRemoved),
                })
              }
            >
              {SPONSOR_MESSAGES.faviconRemove}
            </Button>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {SPONSOR_MESSAGES.faviconAdvice}
        </Typography.Paragraph>
        <Space wrap style={{ width: '100%', justifyContent: 'flex-end', marginTop: 16 }}>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
            {SPONSOR_MESSAGES.previewButton}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {SPONSOR_MESSAGES.save}
          </Button>
        </Space>
      </Form>
      {previewing && (
        <SponsorFormPreview
          form={{ title, description, terms, fields: list }}
          faviconUrl={faviconUrl ?? null}
          termsVersion={data?.termsVersion ?? ''}
          onClose={() => setPreviewing(false)}
        />
      )}
    </div>
  );
}
