import { Spin } from 'antd';

export function FullPageSpin() {
  return (
    // the name goes on a status region: antd's Spin is a plain div, where aria-label is not allowed
    <div
      role="status"
      aria-label="Carregando"
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
    >
      <Spin delay={150} size="large" />
    </div>
  );
}
