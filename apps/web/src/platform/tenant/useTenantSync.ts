import type { TenantSchema } from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '../session/sessionStore.ts';
import { fetchTenantSchema, verifySession } from './tenantApi.ts';
import { tenantKeys } from './tenantKeys.ts';

/**
 * For the signed-in tenant: refreshes the full schema (bearer) and checks the session
 * (GET /api/auth/verify, which refreshes the user's permissions; a 401 runs the expiry flow).
 */
export function useTenantSync(slug: string | null, token: string | null) {
  const schemaQuery = useQuery({
    queryKey: tenantKeys.schema(slug, token),
    queryFn: ({ signal }) => fetchTenantSchema(slug ?? '', { auth: true, signal }),
    enabled: slug !== null && token !== null,
    staleTime: 5 * 60_000,
  });
  const verifyQuery = useQuery({
    queryKey: tenantKeys.verify(slug, token),
    queryFn: ({ signal }) => verifySession(signal),
    enabled: slug !== null && token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => {
    const schema: TenantSchema | undefined = schemaQuery.data;
    if (schema && schema.slug === sessionStore.getState().session?.slug) sessionStore.setSchema(schema);
  }, [schemaQuery.data]);

  useEffect(() => {
    const user = verifyQuery.data?.user;
    if (user) sessionStore.setUser(user);
  }, [verifyQuery.data]);

  return { schemaFailed: schemaQuery.isError, retrySchema: schemaQuery.refetch };
}
