import { canAccess } from '@mandato/domain';
import { Cascader, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { ADMIN_SECTIONS } from './adminSections.ts';

export const ADMIN_NAV_LABEL = 'Menu de configurações';

/** Side menu of the settings area; on small screens a cascading select (spec 1 §2). */
export function AdminNav({ base, selected, mobile }: { base: string; selected: string; mobile: boolean }) {
  const ctx = useAccessContext();
  const navigate = useNavigate();
  const sections = ADMIN_SECTIONS.filter((section) => canAccess(ctx, section.area));

  if (mobile) {
    const section = sections.find((s) => s.items.some((i) => i.path === selected));
    return (
      <Cascader
        aria-label={ADMIN_NAV_LABEL}
        style={{ width: '100%', marginBottom: 16 }}
        allowClear={false}
        value={section ? [section.key, selected] : undefined}
        options={sections.map((s) => ({
          value: s.key,
          label: s.label,
          children: s.items.map((i) => ({ value: i.path, label: i.label })),
        }))}
        onChange={(value) => {
          const path = value?.[1];
          if (typeof path === 'string') navigate(`${base}/${path}`);
        }}
      />
    );
  }

  return (
    <nav aria-label={ADMIN_NAV_LABEL}>
      <Menu
        mode="inline"
        style={{ width: 275, borderRadius: 8 }}
        selectedKeys={[selected]}
        defaultOpenKeys={sections.map((s) => s.key)}
        items={sections.map((s) => ({
          key: s.key,
          label: s.label,
          type: 'group' as const,
          children: s.items.map((i) => ({ key: i.path, label: i.label })),
        }))}
        onClick={({ key }) => navigate(`${base}/${key}`)}
      />
    </nav>
  );
}
