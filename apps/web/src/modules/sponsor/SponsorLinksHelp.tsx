import { LinkOutlined } from '@ant-design/icons';
import { SPONSOR_MESSAGES, sponsorLinkPath } from '@mandato/domain';
import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { TENANT_SEGMENTS, tenantPath } from '../../platform/routing/paths.ts';

/**
 * Where the form's public links come from: there is no general address, each person's
 * 'Apadrinhamento' panel (people › Editar) gives their own link.
 */
export function SponsorLinksHelp({ slug }: { slug: string }) {
  const example = `${window.location.origin}${sponsorLinkPath(slug, 'maria-123456')}`;
  return (
    <Alert
      type="info"
      showIcon
      icon={<LinkOutlined />}
      style={{ marginBottom: 16 }}
      title={SPONSOR_MESSAGES.linksTitle}
      description={
        <section aria-label={SPONSOR_MESSAGES.linksTitle}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {SPONSOR_MESSAGES.linksIntro}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{SPONSOR_MESSAGES.linksHow}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4, wordBreak: 'break-all' }}>
            {SPONSOR_MESSAGES.linksShape(example)}
          </Typography.Paragraph>
          <Link to={tenantPath(slug, TENANT_SEGMENTS.people)}>{SPONSOR_MESSAGES.linksOpenPeople}</Link>
        </section>
      }
    />
  );
}
