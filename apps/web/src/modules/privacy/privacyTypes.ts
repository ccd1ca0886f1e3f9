import type {
  DuplicateGroup,
  DuplicatePerson,
  DuplicatesPage,
  MergeHistoryItem,
  MergeHistoryPage,
  MergePerson,
  PersonConsent,
  PersonOptOut,
  PersonPrivacy,
  PrivacyRequest,
  PrivacyRequestChannel,
  PrivacyRequestKind,
  PrivacyRequestStatus,
} from '@mandato/domain';

/** The privacy centre's shapes as the screens take them: the domain's answer types (issue 31, contract B). */
export type {
  DuplicateGroup,
  DuplicatePerson,
  DuplicatesPage,
  MergeHistoryItem,
  MergeHistoryPage,
  MergePerson,
  PersonConsent,
  PersonOptOut,
  PersonPrivacy,
  PrivacyRequestChannel as RequestChannel,
  PrivacyRequestKind as RequestKind,
  PrivacyRequestStatus as RequestStatus,
};
export type PrivacyRequestRow = PrivacyRequest;
export type AccessFileFormat = 'json' | 'html';

export interface Paged<T> {
  items: T[];
  total: number;
}

/** The merge fields the duplicates list shows a value of (the others keep the survivor's). */
export type ShownMergeField = 'name' | 'cpf' | 'email' | 'cellphone' | 'birthDate';

export interface MergeRequest {
  survivorCode: number;
  mergedCodes: number[];
  fields: Partial<Record<ShownMergeField, number>>;
}
