import { DownOutlined } from '@ant-design/icons';
import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { App, Button, Dropdown, Typography } from 'antd';
import { useDownloadAccessFile, useFulfilPrivacyRequest } from './hooks/usePrivacyRequests.ts';
import type { AccessFileFormat, PrivacyRequestRow } from './privacyTypes.ts';

const FORMATS: { key: AccessFileFormat; label: string }[] = [
  { key: 'json', label: T.downloadJson },
  { key: 'html', label: T.downloadHtml },
];

function Consequences({ lines }: { lines: readonly string[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }}>
      {lines.map((line) => (
        <li key={line}>
          <Typography.Text>{line}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The row's 'Atender': access and portability download the file (JSON or the readable HTML page);
 * anonymisation and deletion ask first, stating what is lost; correction is closed after the edit.
 */
export function FulfilAction({ request }: { request: PrivacyRequestRow }) {
  const { modal } = App.useApp();
  const download = useDownloadAccessFile();
  const fulfil = useFulfilPrivacyRequest();
  const label = T.fulfilOf(request.personName);

  if (request.kind === 'ACCESS' || request.kind === 'PORTABILITY') {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: FORMATS.map((f) => ({ key: f.key, label: f.label })),
          onClick: ({ key }) =>
            download.mutateAsync({ request, format: key as AccessFileFormat }).catch(() => undefined),
        }}
      >
        <Button size="small" type="primary" loading={download.isPending} aria-label={label}>
          {T.fulfil} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }

  const erase = request.kind === 'ANONYMISATION' || request.kind === 'DELETION';
  const confirm = () => {
    if (!erase) {
      modal.confirm({
        title: T.markDone,
        content: T.correctionHint,
        okText: T.markDone,
        cancelText: T.cancel,
        onOk: () => fulfil.mutateAsync(request).catch(() => undefined),
      });
      return;
    }
    const anonymise = request.kind === 'ANONYMISATION';
    modal.confirm({
      title: anonymise ? T.anonymiseTitle(request.personName) : T.deleteTitle(request.personName),
      content: <Consequences lines={anonymise ? T.anonymiseConsequences : T.deleteConsequences} />,
      okText: anonymise ? T.anonymiseOk : T.deleteOk,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      width: 520,
      onOk: () => fulfil.mutateAsync(request).catch(() => undefined),
    });
  };
  return (
    <Button
      size="small"
      type="primary"
      danger={erase}
      loading={fulfil.isPending}
      aria-label={label}
      onClick={confirm}
    >
      {T.fulfil}
    </Button>
  );
}
