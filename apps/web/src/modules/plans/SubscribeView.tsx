import { CheckOutlined, ExportOutlined, MailOutlined } from '@ant-design/icons';
import {
  PLAN_BASE_MODULES,
  PLAN_CATALOG,
  type PlanOffer,
  planRequestMailto,
  quotaLabel,
  SUBSCRIBE_TEXTS,
} from '@mandato/domain';
import { Alert, Button, Card, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { useTenantSchema } from '../../platform/session/useSession.ts';
import { useSubscriptionConfig } from './hooks/useSubscriptionConfig.ts';
import './plans.css';

const T = SUBSCRIBE_TEXTS;

function PlanCard({
  plan,
  current,
  mailto,
}: {
  plan: PlanOffer;
  current: boolean;
  /** the plan request e-mail, when a sales address is configured */
  mailto: string | null;
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      className={current ? 'plan-card plan-card--current' : 'plan-card'}
      role="group"
      aria-labelledby={headingId}
      title={
        <span className="plan-card__title">
          <span id={headingId}>{plan.name}</span>
          {current && <Tag color="blue">{T.current}</Tag>}
        </span>
      }
    >
      <Typography.Paragraph type="secondary">{plan.summary}</Typography.Paragraph>
      <dl className="plan-card__quotas">
        <div>
          <dt>{T.users}</dt>
          <dd>{quotaLabel(plan.totalUsers)}</dd>
        </div>
        <div>
          <dt>{T.contacts}</dt>
          <dd>{quotaLabel(plan.totalContacts)}</dd>
        </div>
      </dl>
      <Typography.Text strong>{T.includes}</Typography.Text>
      <ul className="plan-card__modules">
        {[...PLAN_BASE_MODULES, ...plan.extras].map((module) => (
          <li key={module}>
            <CheckOutlined aria-hidden /> {module}
          </li>
        ))}
      </ul>
      {!plan.purchasable && <Typography.Paragraph type="secondary">{T.trialNote}</Typography.Paragraph>}
      {mailto && plan.purchasable && !current && (
        <Button
          type="primary"
          icon={<MailOutlined />}
          href={mailto}
          aria-label={`${T.contact}: ${plan.name}`}
        >
          {T.contact}
        </Button>
      )}
    </Card>
  );
}

/**
 * /admin/assinar (spec 1 §2): the external purchase page in a frame when the server has one
 * (SUBSCRIBE_URL); otherwise the plans of packages/domain with their quotas, the current one marked,
 * and a plan request to the sales address (SALES_EMAIL) or a message where none is configured.
 */
export function SubscribeView() {
  const schema = useTenantSchema();
  const config = useSubscriptionConfig();
  const currentId = schema?.plan?.id;
  const currentName = schema?.plan?.name ?? '—';

  if (config.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;

  const subscribeUrl = config.data?.subscribeUrl ?? null;
  if (subscribeUrl) {
    return (
      <section aria-labelledby="subscribe-title" className="subscribe">
        <div className="subscribe__bar">
          <Typography.Title level={4} id="subscribe-title" style={{ margin: 0 }}>
            {T.title}
          </Typography.Title>
          <Typography.Link href={subscribeUrl} target="_blank" rel="noopener noreferrer">
            <ExportOutlined aria-hidden /> {T.openOutside}
          </Typography.Link>
        </div>
        <iframe
          className="subscribe__frame"
          title={T.frameTitle}
          src={subscribeUrl}
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        />
      </section>
    );
  }

  const salesEmail = config.data?.salesEmail ?? null;
  const mailtoOf = (plan: PlanOffer) =>
    salesEmail && schema
      ? planRequestMailto(salesEmail, plan.name, { name: schema.name, slug: schema.slug, plan: currentName })
      : null;

  return (
    <section aria-labelledby="subscribe-title" className="subscribe">
      <Typography.Title level={4} id="subscribe-title" style={{ marginTop: 0 }}>
        {T.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {!salesEmail && <Alert type="info" showIcon title={T.noContact} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        {PLAN_CATALOG.map((plan) => (
          <Col key={plan.id} xs={24} sm={12} xl={8}>
            <PlanCard plan={plan} current={plan.id === currentId} mailto={mailtoOf(plan)} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {T.marketingNote}
      </Typography.Paragraph>
      {salesEmail && (
        <Button icon={<MailOutlined />} href={`mailto:${salesEmail}`}>
          {T.contactGeneric}
        </Button>
      )}
    </section>
  );
}
