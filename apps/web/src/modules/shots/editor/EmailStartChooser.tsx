import './emailStartChooser.css';
import { EMAIL_START_TEXTS, EMAIL_STARTERS, SHOT_STATUS_LABELS } from '@mandato/domain';
import { Button, Typography } from 'antd';
import { useId, useState } from 'react';
import { useEmailsToStartFrom } from '../hooks/useShots.ts';
import { shotDateTime, shotTitle } from '../shotFormat.ts';
import type { EmailStart } from './GrapesEmailEditor.tsx';

const T = EMAIL_START_TEXTS;

/** What the user chose: the canvas's start, its name and, for a design, the subject it suggests. */
export interface ChosenStart extends EmailStart {
  name: string;
  subject?: string;
}

/** One option: its thumbnail (inert: the button names it), its button and what it is. */
function StartCard({
  name,
  description,
  html,
  disabled,
  onChoose,
}: {
  name: string;
  description: string;
  html?: string | null;
  disabled: boolean;
  onChoose: () => void;
}) {
  const describedBy = useId();
  return (
    <li className="email-start__card">
      <div className="email-start__thumb" inert>
        {html ? (
          <iframe title={T.previewOf(name)} sandbox="" srcDoc={html} scrolling="no" />
        ) : (
          <span className="email-start__blank" />
        )}
      </div>
      {/* the button's area covers the card (CSS): the thumbnail chooses too */}
      <Button
        className="email-start__choose"
        type="link"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={onChoose}
      >
        {name}
      </Button>
      <Typography.Text id={describedBy} type="secondary" className="email-start__description">
        {description}
      </Typography.Text>
    </li>
  );
}

/**
 * How a new e-mail starts (issue 40 item 2): blank, one of the mandate's designs, or one of the
 * caller's own e-mails (its content only: list, sender and schedule are chosen again). Once chosen
 * the chooser folds to a line that can open it again; choosing again replaces the canvas.
 */
export function EmailStartChooser({
  ready,
  onChoose,
}: {
  /** whether the editor can load a start */
  ready: boolean;
  onChoose: (start: ChosenStart) => void;
}) {
  const [chosen, setChosen] = useState<string>();
  const [open, setOpen] = useState(true);
  const previous = useEmailsToStartFrom();
  const headingId = useId();
  const choose = (start: ChosenStart) => {
    setChosen(start.name);
    setOpen(false);
    onChoose(start);
  };

  if (!open && chosen)
    return (
      <section className="email-start email-start--folded" aria-label={T.title}>
        <Typography.Text strong>{T.chosen(chosen)}</Typography.Text>
        <Button onClick={() => setOpen(true)} aria-describedby={`${headingId}-change`}>
          {T.change}
        </Button>
        <Typography.Text id={`${headingId}-change`} type="secondary">
          {T.changeHint}
        </Typography.Text>
      </section>
    );

  const shots = previous.data?.list ?? [];
  return (
    <section className="email-start" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="email-start__title">
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {T.hint}
        {chosen ? ` ${T.changeHint}` : ''}
      </Typography.Paragraph>
      <Typography.Title level={3} className="email-start__subtitle">
        {T.designs}
      </Typography.Title>
      <ul className="email-start__grid">
        <StartCard
          name={T.blank}
          description={T.blankDescription}
          disabled={!ready}
          onChoose={() => choose({ name: T.blank, html: '' })}
        />
        {EMAIL_STARTERS.map((s) => (
          <StartCard
            key={s.key}
            name={s.name}
            description={s.description}
            html={s.html}
            disabled={!ready}
            onChoose={() => choose({ name: s.name, html: s.html, subject: s.subject })}
          />
        ))}
      </ul>
      <Typography.Title level={3} className="email-start__subtitle">
        {T.previous}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.previousHint}</Typography.Paragraph>
      {previous.isError ? (
        <Typography.Paragraph type="danger">{T.previousError}</Typography.Paragraph>
      ) : previous.isSuccess && shots.length === 0 ? (
        <Typography.Paragraph>{T.noPrevious}</Typography.Paragraph>
      ) : (
        <ul className="email-start__grid" aria-busy={previous.isLoading}>
          {shots.map((shot) => {
            const name = shot.subject?.trim() ? shotTitle(shot) : T.untitled;
            const when = shotDateTime(shot.startDate ?? shot.scheduleDate ?? shot.createDate);
            return (
              <StartCard
                key={shot.code}
                name={name}
                description={[SHOT_STATUS_LABELS[shot.status], when].filter(Boolean).join(' · ')}
                html={shot.htmlContent}
                disabled={!ready}
                onChoose={() => choose({ name, design: shot.jsonContent, html: shot.htmlContent })}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
