import { CopyOutlined } from '@ant-design/icons';
import { DONATION_TEXTS, MESSAGES } from '@mandato/domain';
import { Button, Card, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { notifyError, notifySuccess } from '../../../platform/ui/notify.ts';

const T = DONATION_TEXTS.campaign;

/** The QR code and the qrcode package load only with the campaign view. */
const DonationQrCode = lazy(() =>
  import('./DonationQrCode.tsx').then((m) => ({ default: m.DonationQrCode })),
);

/** The link on the clipboard; a browser that refuses says so. */
async function copy(url: string) {
  try {
    if (navigator.clipboard) await navigator.clipboard.writeText(url);
    else copyThroughSelection(url);
    notifySuccess(T.linkCopied);
  } catch {
    notifyError(MESSAGES.ops);
  }
}

/** Outside a secure context (an address over plain HTTP) there is no clipboard API: the old way. */
function copyThroughSelection(text: string) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/**
 * The public donation page's link with a copy button (a full-size target), and its QR code. With
 * the embedded sandbox as provider (issue 40) both point at this machine's loopback address, which
 * no phone or donor opens: 'Ambiente de testes' beside them says so.
 */
export function DonationLink({ url, sandbox = false }: { url: string; sandbox?: boolean }) {
  return (
    <Card
      size="small"
      title={T.link}
      extra={sandbox ? <Tag color="orange">{DONATION_TEXTS.sandbox}</Tag> : undefined}
      style={{ marginBottom: 16 }}
    >
      {sandbox && (
        <Typography.Paragraph type="secondary" data-testid="donation-sandbox-hint">
          {T.sandboxHint}
        </Typography.Paragraph>
      )}
      <div className="donation-link">
        <div className="donation-link__url">
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </Typography.Link>
          <div>
            <Button icon={<CopyOutlined />} onClick={() => void copy(url)} style={{ marginTop: 8 }}>
              {T.copyLink}
            </Button>
          </div>
        </div>
        <Suspense fallback={<div className="donation-qr" />}>
          <DonationQrCode url={url} label={T.qrCode} />
        </Suspense>
      </div>
    </Card>
  );
}
