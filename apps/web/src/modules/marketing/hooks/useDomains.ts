import { type Domain, MARKETING_TEXTS } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { createDomain, listDomains, removeDomain, validateDomain } from '../api.ts';
import { marketingKeys } from './marketingKeys.ts';

export function useDomains() {
  return useQuery({
    queryKey: marketingKeys.domains(),
    queryFn: ({ signal }) => listDomains(signal),
    staleTime: 0,
  });
}

export function useCreateDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createDomain(name),
    onSuccess: () => {
      notifySuccess(MARKETING_TEXTS.domainCreated);
      void client.invalidateQueries({ queryKey: marketingKeys.domains() });
    },
  });
}

export function useValidateDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => validateDomain(code),
    onSuccess: (domain: Domain) => {
      client.setQueryData(marketingKeys.domains(), (old: { list: Domain[]; total: number } | undefined) =>
        old ? { ...old, list: old.list.map((d) => (d.code === domain.code ? domain : d)) } : old,
      );
    },
  });
}

export function useRemoveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => removeDomain(code),
    onSuccess: () => {
      notifySuccess(MARKETING_TEXTS.domainRemoved);
      void client.invalidateQueries({ queryKey: marketingKeys.domains() });
    },
  });
}
