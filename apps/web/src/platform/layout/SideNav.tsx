import { Cascader, Menu } from 'antd';

/** spec 3 §9: the side menus of the marketing and donation modules are 275 px wide */
export const SIDE_NAV_WIDTH = 275;

export interface SideNavItem {
  key: string;
  label: string;
  disabled?: boolean;
}

/** A label longer than the menu (an empty list's text) wraps instead of being cut. */
const WRAPPING = { height: 'auto', lineHeight: '20px', whiteSpace: 'normal', paddingBlock: 10 } as const;

export interface SideNavGroup {
  key: string;
  label: string;
  items: SideNavItem[];
}

/**
 * A module's side menu: groups, open, with their entries (keys are the entries' paths); below 768 px
 * the same groups as a cascading select. Choosing an entry calls `onSelect` with its key.
 */
export function SideNav({
  label,
  groups,
  selected,
  mobile,
  onSelect,
}: {
  label: string;
  groups: SideNavGroup[];
  selected: string | undefined;
  mobile: boolean;
  onSelect: (key: string) => void;
}) {
  if (mobile) {
    const group = groups.find((g) => g.items.some((i) => i.key === selected));
    return (
      <Cascader
        aria-label={label}
        placeholder={label}
        style={{ width: '100%', marginBottom: 16 }}
        allowClear={false}
        value={group && selected ? [group.key, selected] : undefined}
        options={groups.map((g) => ({
          value: g.key,
          label: g.label,
          children: g.items.map((i) => ({ value: i.key, label: i.label, disabled: i.disabled })),
        }))}
        onChange={(value) => {
          const key = Array.isArray(value) ? value[value.length - 1] : undefined;
          if (typeof key === 'string') onSelect(key);
        }}
      />
    );
  }
  return (
    <nav aria-label={label}>
      <Menu
        mode="inline"
        style={{ width: SIDE_NAV_WIDTH, borderRadius: 8 }}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={groups.map((g) => g.key)}
        items={groups.map((g) => ({
          key: g.key,
          label: g.label,
          children: g.items.map((i) => ({
            key: i.key,
            label: i.label,
            disabled: i.disabled,
            style: i.disabled ? WRAPPING : undefined,
          })),
        }))}
        onClick={({ key }) => onSelect(key)}
      />
    </nav>
  );
}
