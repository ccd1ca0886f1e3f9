import { MESSAGES } from '@mandato/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 'Oops! Página não encontrada!' */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={MESSAGES.notFoundPage}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Voltar ao início
        </Button>
      }
    />
  );
}
