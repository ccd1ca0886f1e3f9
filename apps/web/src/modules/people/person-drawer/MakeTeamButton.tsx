import { UsergroupAddOutlined } from '@ant-design/icons';
import { type PersonSave, PersonSaveSchema } from '@mandato/domain';
import { Button, Tooltip } from 'antd';
import { useMakeTeam } from '../hooks/usePeopleMutations.ts';

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
  const makeTeam = useMakeTeam();
  const enabled = validEmail(email) && !!payload;
  const run = async () => {
    if (!payload) return;
    try {
      await makeTeam.mutateAsync({ code, payload });
      onDone();
    } catch {
      // the failing call already showed its notice
    }
  };
  return (
    <Tooltip title={enabled ? undefined : 'Informe um e-mail válido para prosseguir'}>
      <Button
        icon={<UsergroupAddOutlined />}
        disabled={!enabled}
        loading={makeTeam.isPending}
        onClick={() => void run()}
      >
        Tornar equipe
      </Button>
    </Tooltip>
  );
}
