import {
  SearchOutlined,
  ThunderboltOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { MESSAGES } from '@mandato/domain';
import { Button, Input, Popover, Tooltip } from 'antd';

export const QUICK_ACTIONS_LABEL = 'Ações rápidas';
export const QUICK_SEARCH_PLACEHOLDER = 'Buscar por nome, e-mail ou telefone';

function QuickActionsPanel() {
  return (
    <div className="quick-actions">
      <Tooltip title={MESSAGES.comingSoon}>
        <Input
          disabled
          prefix={<SearchOutlined />}
          placeholder={QUICK_SEARCH_PLACEHOLDER}
          aria-label={QUICK_SEARCH_PLACEHOLDER}
        />
      </Tooltip>
      <div className="quick-actions__buttons">
        <Tooltip title={MESSAGES.comingSoon}>
          <Button disabled icon={<UserAddOutlined />}>
            Adicionar pessoa
          </Button>
        </Tooltip>
        <Tooltip title={MESSAGES.comingSoon}>
          <Button disabled icon={<UsergroupAddOutlined />}>
            Adicionar empresa
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

/** Quick actions (search; add a person or a company) — placeholders for now. */
export function QuickActions({ placement }: { placement: 'rightBottom' | 'top' }) {
  return (
    <Popover
      content={<QuickActionsPanel />}
      trigger="click"
      placement={placement}
      title={QUICK_ACTIONS_LABEL}
    >
      <button type="button" className="main-menu__item main-menu__button" aria-label={QUICK_ACTIONS_LABEL}>
        <ThunderboltOutlined />
      </button>
    </Popover>
  );
}
