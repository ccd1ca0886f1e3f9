import { SolutionOutlined } from '@ant-design/icons';
import { canAccess, DEMAND_TEXTS } from '@mandato/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { NewDemandDialog } from './NewDemandDialog.tsx';

/** The person drawer's 'Registrar demanda': the new demand dialog with the person as applicant. */
export function RegisterDemandButton({ code, name }: { code: number; name: string }) {
  const ctx = useAccessContext();
  const [open, setOpen] = useState(false);
  if (!canAccess(ctx, 'demands')) return null;
  return (
    <>
      <Button icon={<SolutionOutlined />} onClick={() => setOpen(true)}>
        {DEMAND_TEXTS.fromPerson}
      </Button>
      {open && <NewDemandDialog applicant={{ code, name }} onClose={() => setOpen(false)} />}
    </>
  );
}
