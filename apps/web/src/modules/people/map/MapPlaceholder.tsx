import { EnvironmentOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';

/** The map view arrives with the map issue; the toggle already switches to it. */
export function MapPlaceholder() {
  return (
    <Card data-testid="map-view">
      <Result
        icon={<EnvironmentOutlined />}
        title="Mapa"
        subTitle="A visualização das pessoas no mapa estará disponível em breve."
      />
    </Card>
  );
}
