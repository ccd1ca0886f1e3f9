import { type FilterExpression, GEO_MESSAGES, MAP_TEXTS } from '@mandato/domain';
import { App, Button, Progress } from 'antd';
import { useState } from 'react';
import type { MapPeopleType } from '../api.ts';
import { useRevalidation, useStartRevalidation } from '../hooks/usePeopleMap.ts';

/**
 * 'Revalidar pontos' (ROLE_TEAM and the double-check module, checked by the caller): asks the
 * spec's question, starts the revalidation of the expression on screen and shows its progress.
 */
export function RevalidateButton({
  type,
  expression,
}: {
  type: MapPeopleType;
  expression: FilterExpression;
}) {
  const { modal } = App.useApp();
  const start = useStartRevalidation();
  const [code, setCode] = useState<number | null>(null);
  const progress = useRevalidation(code);
  const running = progress.data?.status === 'IN_PROGRESS' || (code !== null && !progress.data);
  const ask = () =>
    modal.confirm({
      title: GEO_MESSAGES.revalidateConfirm,
      okText: 'Sim',
      cancelText: 'Não',
      onOk: async () => {
        try {
          const started = await start.mutateAsync({ type, expression });
          setCode(started.code);
        } catch {
          // the failure notice is already shown
        }
      },
    });
  const data = progress.data;
  return (
    <div className="people-map__revalidate">
      <Button onClick={ask} loading={start.isPending} disabled={running}>
        {GEO_MESSAGES.revalidateButton}
      </Button>
      {data && data.status === 'IN_PROGRESS' && (
        <span className="people-map__revalidate-progress" role="status" data-testid="revalidate-progress">
          <Progress
            type="circle"
            size={24}
            percent={data.total > 0 ? Math.floor((data.done * 100) / data.total) : 0}
            aria-label={MAP_TEXTS.mapLabel}
          />
          {GEO_MESSAGES.revalidateProgress(data.done, data.total)}
        </span>
      )}
      {data && data.status === 'CONCLUDED' && (
        <span role="status" data-testid="revalidate-progress">
          {GEO_MESSAGES.revalidateConcluded}
        </span>
      )}
    </div>
  );
}
