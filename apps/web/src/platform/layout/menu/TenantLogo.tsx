import { useTenantSchema } from '../../session/useSession.ts';
import { MenuTooltip } from './MenuTooltip.tsx';
import { tenantInitials } from './tenantInitials.ts';

const logoAlt = (name: string) => `Logo de ${name}`;

/**
 * The tenant's logo (200 × 50 advised) where it has room for it: the expanded column and the
 * phone's 'Mais'. Without a logo, the tenant's mark and name; before the schema arrives, the app's icon.
 */
export function TenantLogo({ className }: { className: string }) {
  const schema = useTenantSchema();
  if (!schema) return <img src="/icon.svg" alt="" width={36} height={36} />;
  if (schema.logoUrl) return <img className={className} src={schema.logoUrl} alt={logoAlt(schema.name)} />;
  return (
    <span className="tenant-logo__named">
      {initialsMark(schema.name)}
      <span className="tenant-logo__name">{schema.name}</span>
    </span>
  );
}

/**
 * The tenant in the spec's 67 px column, where a 200 × 50 logo would be 56 × 14 px and illegible:
 * its initials in a square mark, the logo itself at 200 × 50 in the tooltip of a pointer that hovers
 * (docs/decisions.md, 'Logo no menu recolhido').
 */
export function TenantMark() {
  const schema = useTenantSchema();
  if (!schema) return <img src="/icon.svg" alt="" width={36} height={36} />;
  const logo = schema.logoUrl ? (
    <img
      className="tenant-mark__logo"
      src={schema.logoUrl}
      alt={logoAlt(schema.name)}
      width={200}
      height={50}
    />
  ) : (
    schema.name
  );
  return (
    <MenuTooltip title={logo} placement="right" light={Boolean(schema.logoUrl)}>
      {initialsMark(schema.name)}
    </MenuTooltip>
  );
}

/** A plain element, so that the tooltip's hover handlers and ref land on the DOM node. */
function initialsMark(name: string) {
  return (
    <span className="tenant-mark" role="img" aria-label={name}>
      <span aria-hidden="true">{tenantInitials(name)}</span>
    </span>
  );
}
