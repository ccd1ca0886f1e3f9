import { fieldErrors, formatPhone, type Profile, type ProfileSave, ProfileSaveSchema } from '@mandato/domain';
import {
  type AddressValues,
  addressValuesOf,
  EMPTY_ADDRESS,
} from '../../platform/ui/address/addressValues.ts';

/** 'Meus dados' as the form edits it (masked cellphone and CEP). */
export interface ProfileFormValues {
  name: string;
  email: string;
  cellphone: string;
  address: AddressValues;
}

export const EMPTY_PROFILE: ProfileFormValues = {
  name: '',
  email: '',
  cellphone: '',
  address: EMPTY_ADDRESS,
};

export function profileFormOf(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    email: profile.email,
    cellphone: profile.cellphone ? formatPhone(profile.cellphone) : '',
    address: addressValuesOf(profile.address),
  };
}

/** Name, e-mail and cellphone required, the address rules of a person (spec 2 §5). */
export function validateProfile(values: ProfileFormValues): {
  payload?: ProfileSave;
  errors: Record<string, string[]>;
} {
  const a = values.address;
  const parsed = ProfileSaveSchema.safeParse({
    name: values.name,
    email: values.email,
    cellphone: values.cellphone,
    address: { ...a, state: a.state ?? null },
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error.issues) };
  return { payload: parsed.data, errors: {} };
}
