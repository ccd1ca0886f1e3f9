import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DONATION_TEXTS,
  type DonationCampaign,
  type DonationListQuery,
  formatBrlCents,
} from '@mandato/domain';
import { Button, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { campaignPath } from '../donationPaths.ts';
import { useDonations, useExportDonations } from '../hooks/useCampaigns.ts';
import { CampaignDialog } from './CampaignDialog.tsx';
import { DonationLink } from './DonationLink.tsx';
import { DonationsTable } from './DonationsTable.tsx';

const T = DONATION_TEXTS.campaign;
const FIRST_PAGE: DonationListQuery = { page: 1, itemsPerPage: 10, orderBy: 'date', ascending: false };

/** The donations of a campaign with the paid totals (pending invoices never count). */
function CampaignDonations({ token }: { token: string }) {
  const [query, setQuery] = useState(FIRST_PAGE);
  const list = useDonations(token, query);
  const exporting = useExportDonations();
  const data = list.data;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic title={T.totalRaised} value={data ? formatBrlCents(data.paidTotalCents) : '—'} />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic
              title={T.paidDonations}
              value={data ? data.paidCount : '—'}
              groupSeparator="."
              suffix={data ? T.ofTotal(data.total) : undefined}
            />
          </Card>
        </Col>
      </Row>
      <div className="donation-bar">
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {T.donationsList}
        </Typography.Title>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(token)}
        >
          {DONATION_TEXTS.export}
        </Button>
      </div>
      <DonationsTable
        items={data?.items ?? []}
        total={data?.total ?? 0}
        loading={list.isFetching}
        query={query}
        onQuery={setQuery}
      />
    </>
  );
}

/**
 * 'Campanhas de Doação' (spec 3 §2.5): the chosen campaign's title, link and QR code, 'Editar
 * campanha', the totals and donations; 'Nova Campanha' only once the candidate is confirmed.
 */
export function CampaignView({
  base,
  campaign,
  loading,
  confirmed,
  sandbox = false,
}: {
  base: string;
  campaign: DonationCampaign | undefined;
  loading: boolean;
  confirmed: boolean;
  /** the provider is the embedded sandbox: the link and QR open only on this machine (issue 40) */
  sandbox?: boolean;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ campaign?: DonationCampaign } | null>(null);

  return (
    <>
      <div className="donation-bar">
        <Space wrap align="center">
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
            {campaign?.title ?? DONATION_TEXTS.sideMenu.campaigns}
          </Typography.Title>
          {campaign && (
            <Tag color={campaign.active ? 'green' : 'default'}>{campaign.active ? T.active : T.inactive}</Tag>
          )}
        </Space>
        <Space wrap>
          {campaign && (
            <Button icon={<EditOutlined />} onClick={() => setDialog({ campaign })}>
              {T.edit}
            </Button>
          )}
          {confirmed && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {T.new}
            </Button>
          )}
        </Space>
      </div>
      {loading ? (
        <LoadingBlock style={{ padding: 48 }} />
      ) : campaign ? (
        <>
          <DonationLink url={campaign.url} sandbox={sandbox} />
          <CampaignDonations key={campaign.token} token={campaign.token} />
        </>
      ) : (
        <Card>
          <Empty description={T.empty} />
        </Card>
      )}
      {dialog && (
        <CampaignDialog
          campaign={dialog.campaign}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            navigate(campaignPath(base, saved.token));
          }}
        />
      )}
    </>
  );
}
