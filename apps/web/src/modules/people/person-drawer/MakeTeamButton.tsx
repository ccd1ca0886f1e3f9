import { UsergroupAddOutlined } from '@ant-design/icons';
import { type PersonSave, PersonSaveSchema } from '@mandato/domain';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { notifySuccess } from '../notifySuccess.ts';

const validEmail = (email: string) => !!email.trim() && PersonSaveSchema.shape.email.safeParse(email).success;

/**
 * 'Tornar equipe' (spec 2 §2): needs ROLE_TEAM and a valid e-mail; first saves the person with
 * the e-mail, then POST set-as-team.
 */
export function MakeTeamButton({
  code,
  email,
  payload,
  onDone,
}: {
  code: number;
  email: string;
  /** the form's payload when it is valid */
  payload: PersonSave | undefined;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const enabled = validEmail(email) && !!payload;
  const run = async () => {
    if (!payload) return;
    setBusy(true);
    try {
      await crmApi.people.update(code, payload);
      await crmApi.people.setAsTeam(code);
      notifySuccess(PEOPLE_TEXTS.madeTeam);
      onDone();
    } catch {
      // the failing call already showed its notice
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={enabled ? undefined : 'Informe um e-mail válido para prosseguir'}>
      <Button icon={<UsergroupAddOutlined />} disabled={!enabled} loading={busy} onClick={() => void run()}>
        Tornar equipe
      </Button>
    </Tooltip>
  );
}
