import { ReferralInboxPage } from '../features/referral-inbox/components/referral-inbox-page';

/** referral-inbox: upload, read and save referral letters (F1). */
export function ReferralInboxScreen() {
  return <ReferralInboxPage />;
}
