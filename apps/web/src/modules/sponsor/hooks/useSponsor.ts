import type { SponsorFormSave } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSponsorLink,
  getPersonSponsor,
  getPublicSponsorForm,
  getSponsorForm,
  removeSponsorFavicon,
  saveSponsorForm,
  uploadSponsorFavicon,
} from '../api.ts';
import { sponsorKeys } from './sponsorKeys.ts';

export function useSponsorForm() {
  return useQuery({ queryKey: sponsorKeys.form(), queryFn: ({ signal }) => getSponsorForm(signal) });
}

export function useSaveSponsorForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SponsorFormSave) => saveSponsorForm(body),
    onSuccess: (saved) => client.setQueryData(sponsorKeys.form(), saved),
  });
}

export function useSponsorFavicon() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: sponsorKeys.form() });
  const upload = useMutation({ mutationFn: (file: File) => uploadSponsorFavicon(file), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => removeSponsorFavicon(), onSuccess: refresh });
  return { upload, remove };
}

export function usePersonSponsor(code: number | undefined) {
  return useQuery({
    queryKey: sponsorKeys.person(code),
    queryFn: ({ signal }) => getPersonSponsor(code as number, signal),
    enabled: code !== undefined,
  });
}

export function useCreateSponsorLink(code: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createSponsorLink(code),
    onSuccess: () => client.invalidateQueries({ queryKey: sponsorKeys.person(code) }),
  });
}

export function usePublicSponsorForm(slug: string, linkId: string, valid: boolean) {
  return useQuery({
    queryKey: sponsorKeys.publicForm(slug, linkId),
    queryFn: ({ signal }) => getPublicSponsorForm(slug, linkId, signal),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
