import { MESSAGES } from '@mandato/domain/plain';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * What a screen that threw while rendering shows (the routes' errorElement): a pt-BR message and
 * 'Recarregar', in place of react-router's developer page. The error goes to the console.
 */
export function ScreenErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Result
      status="error"
      title={MESSAGES.screenError}
      subTitle={MESSAGES.screenErrorHint}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {MESSAGES.reload}
        </Button>
      }
    />
  );
}
