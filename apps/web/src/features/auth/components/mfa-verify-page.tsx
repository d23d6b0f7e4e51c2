import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  AUTH_MESSAGES,
  type MfaMethod,
  type MfaStatus,
  VerifyCodeRequestSchema,
} from '@telecare/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSendSmsCode } from '../api/send-sms-code';
import { useVerifyMfa } from '../api/verify-mfa';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { isResendLocked, resendCountdownLabel, useResendLock } from '../hooks/use-resend-lock';
import { AuthCard, PRELOADING_TEXT, ProgressText } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';
import { CodeForm } from './code-form';
import type { MfaPageProps } from './mfa-enroll-page';
import { MfaMethodChoice } from './mfa-method-choice';
import { MfaStatusGate } from './mfa-status-gate';
import { CODE_SENT_MESSAGE } from './sms-enrol-form';

const verifyCodeSchema = VerifyCodeRequestSchema.shape.code;

/** /mfa-verify: the second factor of a sign-in, by SMS (a code is sent on arrival) or authenticator app. */
export function MfaVerifyPage({ preload }: MfaPageProps) {
  return (
    <MfaStatusGate>
      {(status) =>
        status.smsEnrolled || status.totpEnrolled ? (
          <MfaVerifyForm status={status} preload={preload} />
        ) : (
          <Navigate to="/mfa-enroll" replace />
        )
      }
    </MfaStatusGate>
  );
}

function MfaVerifyForm({ status, preload }: { status: MfaStatus } & MfaPageProps) {
  const { completing, complete } = useCompleteSignIn(preload);
  const verify = useVerifyMfa();
  const [method, setMethod] = useState<MfaMethod>(status.smsEnrolled ? 'sms' : 'totp');
  const submit = async (code: string) => {
    const { user } = await verify.mutateAsync({ method, code });
    await complete(user);
  };

  return (
    <AuthCard pageTitle="Two-Step Verification" heading="Two-step verification" width={400}>
      {status.smsEnrolled && status.totpEnrolled && (
        <MfaMethodChoice label="Get your code by" value={method} onChange={setMethod} disabled={completing} />
      )}
      {method === 'sms' ? (
        <SmsVerify phoneHint={status.phoneHint} disabled={completing} onSubmit={submit} />
      ) : (
        <Stack gap="md">
          <Text size="sm">Enter the 6-digit code shown by your authenticator app.</Text>
          <CodeForm
            codeSchema={verifyCodeSchema}
            submitLabel="Verify"
            disabled={completing}
            onSubmit={submit}
            autoFocus
          />
        </Stack>
      )}
      {completing && <ProgressText text={PRELOADING_TEXT} />}
      {!completing && <BackToSignInLink />}
    </AuthCard>
  );
}

/** The SMS way: a code is sent once on arrival (not again within the resend lock, e.g. a reload). */
function SmsVerify({
  phoneHint,
  disabled,
  onSubmit,
}: {
  phoneHint: string | null;
  disabled: boolean;
  onSubmit: (code: string) => Promise<void>;
}) {
  const send = useSendSmsCode();
  const resend = useResendLock('verify');
  const [sentEarlier] = useState(() => isResendLocked('verify'));
  const started = useRef(false);

  // A failed resend says so in the spec's words; the first send shows the server's message.
  const [resending, setResending] = useState(false);
  const sendCode = (again = false) => {
    setResending(again);
    send
      .mutateAsync()
      .then((answer) => resend.lock(answer.resendAvailableAt))
      .catch(() => undefined);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once on arrival
  useEffect(() => {
    // The ref keeps StrictMode's second effect run from sending a second code.
    if (started.current || isResendLocked('verify')) return;
    started.current = true;
    sendCode();
  }, []);

  const sent = send.isSuccess || (sentEarlier && !send.isError);

  return (
    <Stack gap="md">
      {sent && (
        <Alert color="green" variant="light" role="status">
          <Text size="sm">{CODE_SENT_MESSAGE}</Text>
          {phoneHint && (
            <Text size="sm" fw={500} mt={4}>
              {phoneHint}
            </Text>
          )}
        </Alert>
      )}
      {send.isPending && !sent && (
        <Text size="sm" c="dimmed">
          Sending a code to {phoneHint ?? 'your mobile phone'} ...
        </Text>
      )}
      {send.isError && (
        <Alert color="red" variant="light">
          {resending && !(send.error instanceof ApiError && send.error.status === 429)
            ? AUTH_MESSAGES.resendFailed
            : errorMessage(send.error)}
        </Alert>
      )}
      <CodeForm
        codeSchema={verifyCodeSchema}
        submitLabel="Verify"
        disabled={disabled}
        onSubmit={onSubmit}
        autoFocus
      />
      <Button
        variant="default"
        fullWidth
        loading={send.isPending}
        disabled={resend.locked || disabled}
        onClick={() => sendCode(true)}
      >
        {resend.locked ? resendCountdownLabel(resend.secondsLeft) : 'Resend Code'}
      </Button>
    </Stack>
  );
}
