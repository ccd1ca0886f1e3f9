import type { ThemeConfig } from 'antd';

export const THEME: ThemeConfig = {
  token: { colorPrimary: '#1f4e9c', borderRadius: 8 },
};
