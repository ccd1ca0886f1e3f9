import { useQuery } from '@tanstack/react-query';
import { getPersonPrivacy } from '../api.ts';
import { privacyKeys } from './privacyKeys.ts';

/** The consents and opt-outs of one person (the person drawer's block). */
export function usePersonPrivacy(code: number) {
  return useQuery({
    queryKey: privacyKeys.person(code),
    queryFn: ({ signal }) => getPersonPrivacy(code, signal),
    staleTime: 0,
  });
}
