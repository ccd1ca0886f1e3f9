import { fieldErrors, PasswordChangeFormSchema, PROFILE_MESSAGES } from '@mandato/domain';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The password modal's rules (spec 2 §5): `required` holds the missing fields' messages;
 * `mismatch` tells the new password and its confirmation differ (shown as an 'Ops!' notice).
 */
export function passwordCheck(values: PasswordValues): {
  required: Record<string, string>;
  mismatch: boolean;
} {
  const parsed = PasswordChangeFormSchema.safeParse(values);
  const required: Record<string, string> = {};
  let mismatch = false;
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error.issues))) {
      if (messages.includes(PROFILE_MESSAGES.passwordMismatch)) mismatch = true;
      else if (messages[0]) required[field] = messages[0];
    }
  }
  return { required, mismatch };
}
