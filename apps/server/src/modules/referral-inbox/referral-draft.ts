import type { ReferralDraft } from '@telecare/contracts/referral-inbox';
import type { ParsedReferralLetter } from '@telecare/domain/referral-letter-parser';

/** An empty draft for the file: what the form shows when nothing could be read. */
export function emptyDraft(file: { id: string; fileName: string }): ReferralDraft {
  return {
    client: null,
    category: '',
    location: null,
    clinic: null,
    referrer: null,
    referral: null,
    letterFile: { id: file.id, name: file.fileName },
    weeksToAppointment: 0,
  };
}

/** The draft pre-filled from the parsed letter; the known referrer and clinic when the provider number matches one. */
export function draftFromLetter(
  file: { id: string; fileName: string },
  parsed: ParsedReferralLetter,
  known: { referrerId: string; clinicId: string; clinicName: string } | undefined,
): ReferralDraft {
  return {
    ...emptyDraft(file),
    client: {
      id: null,
      firstName: parsed.firstName,
      lastName: parsed.lastName,
      dateOfBirth: parsed.dateOfBirth,
      email: parsed.email,
      phoneNumberHome: parsed.phoneNumberHome,
      phoneNumberMobile: parsed.phoneNumberMobile,
      dvaCardNumber: parsed.dvaCardNumber,
      medicareCardNumber: parsed.medicareCardNumber,
      medicareCardIRN: parsed.medicareCardIRN,
      urn: '',
      addressResidential: {
        streetAddress: parsed.address.streetAddress,
        suburb: parsed.address.suburb,
        postcode: parsed.address.postcode,
        state: parsed.address.state,
      },
    },
    clinic: {
      id: known?.clinicId ?? null,
      name: known?.clinicName ?? parsed.clinicName,
      street: '',
      suburb: '',
      postcode: '',
      state: '',
      email: '',
      phone: '',
      fax: '',
    },
    referrer: {
      id: known?.referrerId ?? null,
      title: parsed.referrer.title,
      firstName: parsed.referrer.firstName,
      lastName: parsed.referrer.lastName,
      providerNumber: parsed.referrer.providerNumber,
      phone: '',
      mobile: '',
      email: '',
      fax: '',
    },
    referral: {
      practitionerId: null,
      startDate: parsed.startDate,
      expiredDate: parsed.expiredDate,
      expiredDateByMonth: null,
    },
  };
}
