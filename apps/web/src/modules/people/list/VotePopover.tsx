import { type Person, VOTE_LABELS, VOTES, type Vote } from '@mandato/domain';
import { Popover, Radio, Tag } from 'antd';
import { useState } from 'react';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { notifySuccess } from '../notifySuccess.ts';

export const VOTE_COLORS: Record<Vote, string> = { CONQUERED: 'green', LOST: 'red', TO_CONQUER: 'orange' };

/** The vote tag; a click opens a popover to switch the vote (spec 2 §4 "Vote"). */
export function VotePopover({ person, onChanged }: { person: Person; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const change = async (vote: Vote) => {
    setSaving(true);
    try {
      await crmApi.people.updateVote(person.code, vote);
      notifySuccess(PEOPLE_TEXTS.voteUpdated);
      setOpen(false);
      onChanged();
    } catch {
      // the api client already showed 'Erro ao definir alterar o voto da pessoa'
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title="Voto"
      content={
        <Radio.Group
          disabled={saving}
          value={person.vote}
          onChange={(e) => void change(e.target.value as Vote)}
          options={VOTES.map((v) => ({ value: v, label: VOTE_LABELS[v] }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        />
      }
    >
      <Tag
        color={VOTE_COLORS[person.vote]}
        role="button"
        tabIndex={0}
        aria-label={`Voto: ${VOTE_LABELS[person.vote]}`}
        style={{ cursor: 'pointer' }}
      >
        {VOTE_LABELS[person.vote]}
      </Tag>
    </Popover>
  );
}
