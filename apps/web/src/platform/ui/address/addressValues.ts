import { type Address, BR_STATES, type BrState, formatCep } from '@mandato/domain';

/** The address block as the form edits it (masked CEP, plain texts). */
export interface AddressValues {
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state?: BrState;
}

export const EMPTY_ADDRESS: AddressValues = {
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: undefined,
};

export function addressValuesOf(address: Address | null | undefined): AddressValues {
  if (!address) return EMPTY_ADDRESS;
  return {
    zipCode: address.zipCode ? formatCep(address.zipCode) : '',
    street: address.street ?? '',
    number: address.number ?? '',
    complement: address.complement ?? '',
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    state: address.state,
  };
}

export const asBrState = (value: string | undefined): BrState | undefined =>
  (BR_STATES as readonly string[]).includes(value ?? '') ? (value as BrState) : undefined;

/** The fields the CEP lookup fills, cleared when the CEP is erased (spec 2 §5). */
export const CLEARED_BY_CEP: Pick<AddressValues, 'street' | 'neighborhood' | 'city' | 'state'> = {
  street: '',
  neighborhood: '',
  city: '',
  state: undefined,
};
