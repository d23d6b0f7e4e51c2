import { Text } from '@mantine/core';
import type { MfaMethod, MfaStatus } from '@telecare/contracts/auth';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthCard, PRELOADING_TEXT, ProgressText } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';
import { MfaMethodChoice } from './mfa-method-choice';
import { MfaStatusGate } from './mfa-status-gate';
import { SmsEnrolForm } from './sms-enrol-form';
import { TotpEnrolForm } from './totp-enrol-form';
import { VerifyEmailStep } from './verify-email-step';

export interface MfaPageProps {
  /** Loads the first screen's data once signed in ('preloading data ...'); its errors are ignored. */
  preload?: () => Promise<unknown>;
}

/**
 * /mfa-enroll: a signed-in-with-password user without a second factor. Step 1 verifies the
 * e-mail address, step 2 enrols SMS or an authenticator app, which completes the sign-in.
 */
export function MfaEnrollPage({ preload }: MfaPageProps) {
  return (
    <MfaStatusGate>
      {(status) =>
        status.next === 'mfa-verify' ? (
          <Navigate to="/mfa-verify" replace />
        ) : (
          <MfaEnrollSteps status={status} preload={preload} />
        )
      }
    </MfaStatusGate>
  );
}

function MfaEnrollSteps({ status, preload }: { status: MfaStatus } & MfaPageProps) {
  const { completing, complete } = useCompleteSignIn(preload);
  const [method, setMethod] = useState<MfaMethod>('sms');
  const step = status.emailVerified ? 2 : 1;

  return (
    <AuthCard
      pageTitle="Set Up Two-Step Verification"
      heading="Set up two-step verification"
      width={step === 1 ? 400 : 440}
    >
      <Text size="sm" c="dimmed" ta="center">
        {step === 1 ? 'Step 1 of 2: verify your e-mail address' : 'Step 2 of 2: choose how to receive codes'}
      </Text>
      {step === 1 ? (
        <VerifyEmailStep email={status.email} />
      ) : (
        <>
          <MfaMethodChoice
            label="Receive sign-in codes by"
            value={method}
            onChange={setMethod}
            disabled={completing}
          />
          {method === 'sms' ? (
            <SmsEnrolForm onSignedIn={complete} disabled={completing} />
          ) : (
            <TotpEnrolForm onSignedIn={complete} disabled={completing} />
          )}
        </>
      )}
      {completing && <ProgressText text={PRELOADING_TEXT} />}
      {!completing && <BackToSignInLink />}
    </AuthCard>
  );
}
