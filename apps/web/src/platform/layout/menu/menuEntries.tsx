import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DollarOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Area } from '@mandato/domain';
import type { ReactNode } from 'react';
import { TENANT_SEGMENTS } from '../../routing/paths.ts';

export interface MenuEntry {
  key: string;
  /** Tooltip text and accessible name. */
  label: string;
  icon: ReactNode;
  segment: string;
  area: Area;
}

/** Top of the main menu (spec 1 §2 "Main menu"). */
export const TOP_ENTRIES: MenuEntry[] = [
  {
    key: 'people',
    label: 'Pessoas',
    icon: <TeamOutlined />,
    segment: TENANT_SEGMENTS.people,
    area: 'people',
  },
  {
    key: 'agenda',
    label: 'Agenda',
    icon: <CalendarOutlined />,
    segment: TENANT_SEGMENTS.agenda,
    area: 'agenda',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    icon: <SendOutlined />,
    segment: TENANT_SEGMENTS.marketing,
    area: 'marketing',
  },
  {
    key: 'reports',
    label: 'Relatórios',
    icon: <BarChartOutlined />,
    segment: TENANT_SEGMENTS.reports,
    area: 'reports',
  },
  {
    key: 'amendments',
    label: 'Emendas',
    icon: <AuditOutlined />,
    segment: TENANT_SEGMENTS.amendments,
    area: 'amendments',
  },
  {
    key: 'demands',
    label: 'Demandas',
    icon: <SolutionOutlined />,
    segment: TENANT_SEGMENTS.demands,
    area: 'demands',
  },
];

/** Extra entries at the bottom of the menu. */
export const BOTTOM_ENTRIES: MenuEntry[] = [
  {
    key: 'donation',
    label: 'Doações',
    icon: <DollarOutlined />,
    segment: TENANT_SEGMENTS.donation,
    area: 'donation',
  },
  {
    key: 'admin',
    label: 'Configurações',
    icon: <SettingOutlined />,
    segment: TENANT_SEGMENTS.admin,
    area: 'admin',
  },
];

/** The disabled next-generation entry. */
export const NEXT_GENERATION_LABEL = 'Nova versão';
