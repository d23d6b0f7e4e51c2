import type { UseFormReturnType } from '@mantine/form';
import type { ClientFormValues } from './client-form-values';

/** The form's fields in screen order, so focus goes to the first one in error. */
const FIELD_ORDER = [
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'clientGroupId',
  'practitionerId',
  'email',
  'urn',
  'category',
  'addressResidential.streetAddress',
  'addressResidential.suburb',
  'addressResidential.postcode',
  'addressResidential.state',
  'addressResidential.country',
  'addressPostal.streetAddress',
  'addressPostal.suburb',
  'addressPostal.postcode',
  'addressPostal.state',
  'addressPostal.country',
  'phoneNumberMobile',
  'phoneNumberHome',
  'phoneNumberWork',
  'phoneNumberFax',
  'clinicId',
  'referrerId',
  'referral.startDate',
  'referral.expiredDate',
  'referral.expiredDateByMonth',
] as const;

/** Moves the keyboard focus to the first field in error (after React has shown the errors). */
export function focusFirstError(form: UseFormReturnType<ClientFormValues>, errors: Record<string, unknown>) {
  const first = FIELD_ORDER.find((path) => path in errors);
  if (!first) return;
  requestAnimationFrame(() => form.getInputNode(first)?.focus());
}
