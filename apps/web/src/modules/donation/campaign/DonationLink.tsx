import { DONATION_TEXTS } from '@mandato/domain';
import { Card, Typography } from 'antd';
import { lazy, Suspense } from 'react';

const T = DONATION_TEXTS.campaign;

/** The QR code and the qrcode package load only with the campaign view. */
const DonationQrCode = lazy(() =>
  import('./DonationQrCode.tsx').then((m) => ({ default: m.DonationQrCode })),
);

/** The public donation page's link, copyable, and its QR code. */
export function DonationLink({ url }: { url: string }) {
  return (
    <Card size="small" title={T.link} style={{ marginBottom: 16 }}>
      <div className="donation-link">
        <Typography.Paragraph
          className="donation-link__url"
          style={{ margin: 0 }}
          copyable={{ text: url, tooltips: [T.copyLink, T.linkCopied] }}
        >
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </Typography.Link>
        </Typography.Paragraph>
        <Suspense fallback={<div className="donation-qr" />}>
          <DonationQrCode url={url} label={T.qrCode} />
        </Suspense>
      </div>
    </Card>
  );
}
