import { useTenantSchema } from '../../session/useSession.ts';

/** The tenant's logo (200 × 50 advised), or the app's icon when there is none. */
export function TenantLogo({ className }: { className: string }) {
  const schema = useTenantSchema();
  if (schema?.logoUrl)
    return <img className={className} src={schema.logoUrl} alt={`Logo de ${schema.name}`} />;
  return <img src="/icon.svg" alt="" width={36} height={36} />;
}
