import { CheckCircleTwoTone, CopyOutlined } from '@ant-design/icons';
import {
  isSponsorLinkId,
  MESSAGES,
  SPONSOR_MESSAGES,
  type SponsorPublicForm,
  type SponsorSignUpAnswer,
} from '@mandato/domain';
import { Button, Card, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/errors.ts';
import { usePublicSponsorForm } from './hooks/useSponsor.ts';
import { SponsorSignUpForm } from './SponsorSignUpForm.tsx';
import { sponsorErrorText } from './sponsorErrorText.ts';
import './sponsor.css';

/**
 * The public sponsor sign-up (/{slug}/convite/{id}; spec 1 §2): no login, its own route chunk and
 * a strict Content-Security-Policy (server: platform/http/security-headers.ts). States: loading,
 * valid (the form), invalid (404 'Oops! Página não encontrada!'), success (the signer's own link);
 * the bare /{slug}/convite says a personal link is needed (it never reads nor changes anything).
 */
export function SponsorSignUpPage() {
  const { slug = '', id = '' } = useParams();
  const valid = isSponsorLinkId(id);
  const form = usePublicSponsorForm(slug, id, valid);
  const [done, setDone] = useState<SponsorSignUpAnswer | null>(null);
  useDocumentLook(form.data);

  let content: React.ReactNode;
  if (id === '') {
    // the bare /{slug}/convite: every sign-up goes through someone's personal link
    content = (
      <Result status="info" title={SPONSOR_MESSAGES.needLinkTitle} subTitle={SPONSOR_MESSAGES.needLinkText} />
    );
  } else if (!valid || (form.isError && isApiError(form.error, 404))) {
    content = <Result status="404" title={MESSAGES.notFoundPage} />;
  } else if (form.isError) {
    content = (
      <Result
        status="warning"
        title={MESSAGES.ops}
        subTitle={sponsorErrorText(form.error, MESSAGES.fetchError)}
      />
    );
  } else if (!form.data) {
    content = (
      <div
        role="status"
        aria-label={SPONSOR_MESSAGES.loading}
        style={{ display: 'grid', placeItems: 'center', minHeight: 300 }}
      >
        <Spin size="large" />
      </div>
    );
  } else if (done) {
    content = <Success answer={done} />;
  } else {
    content = (
      <SponsorSignUpForm data={form.data} target={{ kind: 'link', slug, linkId: id, onDone: setDone }} />
    );
  }
  return (
    <main className="sponsor-public">
      <Card className="sponsor-public__card">{content}</Card>
    </main>
  );
}

/** The configured title in the tab and the configured favicon (restored when the page closes). */
function useDocumentLook(data: SponsorPublicForm | undefined) {
  useEffect(() => {
    if (!data) return;
    const title = document.title;
    document.title = data.formConfig.title;
    const favicon = data.formConfig.favicon;
    let link: HTMLLinkElement | null = null;
    let previous: string | null = null;
    let previousType: string | null = null;
    if (favicon) {
      link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      previous = link.getAttribute('href');
      previousType = link.getAttribute('type');
      // the app's icon is declared SVG: the configured one is PNG, ICO, JPEG or WebP
      link.removeAttribute('type');
      link.href = favicon;
    }
    return () => {
      document.title = title;
      if (link && previous) link.href = previous;
      if (link && previousType) link.setAttribute('type', previousType);
    };
  }, [data]);
}

function Success({ answer }: { answer: SponsorSignUpAnswer }) {
  const url = `${window.location.origin}${answer.link.path}`;
  const [copied, setCopied] = useState(false);
  return (
    <Result
      icon={<CheckCircleTwoTone twoToneColor="#389e0d" />}
      title={SPONSOR_MESSAGES.success(answer.name ?? undefined)}
      subTitle={SPONSOR_MESSAGES.ownLinkIntro}
      extra={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Input
            readOnly
            value={url}
            aria-label={SPONSOR_MESSAGES.linkTitle}
            style={{ maxWidth: 420 }}
            data-testid="sponsor-own-link"
          />
          <Button
            icon={<CopyOutlined />}
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? SPONSOR_MESSAGES.copied : SPONSOR_MESSAGES.copy}
          </Button>
        </div>
      }
    />
  );
}
