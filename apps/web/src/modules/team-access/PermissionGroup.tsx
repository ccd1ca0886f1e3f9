import {
  type AccessContext,
  holdsAll,
  isRoleInPlan,
  MESSAGES,
  ROLE_LABELS,
  type Role,
} from '@mandato/domain';
import { Alert, Card, Space, Switch, Typography } from 'antd';
import { Link } from 'react-router';

/** One group of the dialog: title, what it allows, and a switch per role. */
export function PermissionGroup({
  title,
  description,
  roles,
  permissions,
  held,
  tenant,
  changePlanPath,
  onToggle,
}: {
  title: string;
  description: string;
  roles: Role[];
  permissions: Role[];
  /** the signed-in user's permissions: nobody grants or removes one they lack */
  held: readonly Role[];
  tenant: AccessContext['tenant'];
  changePlanPath: string;
  onToggle: (role: Role, on: boolean) => void;
}) {
  const outOfPlan = roles.filter((r) => !isRoleInPlan(tenant, r));
  return (
    <Card size="small" title={title} data-testid={`permission-group-${title}`}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {description}
      </Typography.Paragraph>
      <Space orientation="vertical">
        {roles.map((role) => (
          <Space key={role}>
            <Switch
              id={`permission-${role}`}
              size="small"
              aria-label={ROLE_LABELS[role]}
              checked={permissions.includes(role)}
              disabled={outOfPlan.includes(role) || !holdsAll(held, [role])}
              onChange={(on) => onToggle(role, on)}
            />
            <label htmlFor={`permission-${role}`}>{ROLE_LABELS[role]}</label>
          </Space>
        ))}
      </Space>
      {outOfPlan.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={MESSAGES.moduleNotInPlan}
          action={<Link to={changePlanPath}>{MESSAGES.changePlan}</Link>}
        />
      )}
    </Card>
  );
}
