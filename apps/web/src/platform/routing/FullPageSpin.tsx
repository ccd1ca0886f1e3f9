import { Spin } from 'antd';

export function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin delay={150} size="large" aria-label="Carregando" />
    </div>
  );
}
