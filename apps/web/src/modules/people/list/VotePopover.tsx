import { type Person, VOTE_LABELS, VOTES, type Vote } from '@mandato/domain';
import { Popover, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useUpdateVote } from '../hooks/usePeopleMutations.ts';

export const VOTE_COLORS: Record<Vote, string> = { CONQUERED: 'green', LOST: 'red', TO_CONQUER: 'orange' };

/** The vote tag; a click opens a popover to switch the vote (spec 2 §4 "Vote"). */
export function VotePopover({ person }: { person: Person }) {
  const [open, setOpen] = useState(false);
  const updateVote = useUpdateVote();
  const change = async (vote: Vote) => {
    try {
      await updateVote.mutateAsync({ code: person.code, vote });
      setOpen(false);
    } catch {
      // the api client already showed 'Erro ao definir alterar o voto da pessoa'
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
          disabled={updateVote.isPending}
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
