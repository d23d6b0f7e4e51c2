import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** Remembers, per tab, for which address the e-mail was sent automatically (not again on reload). */
const AUTO_SENT_KEY = 'telecare.verificationEmailSentTo';

function wasAutoSent(email: string): boolean {
  try {
    return sessionStorage.getItem(AUTO_SENT_KEY) === email;
  } catch {
    return false;
  }
}

function markAutoSent(email: string): void {
  try {
    sessionStorage.setItem(AUTO_SENT_KEY, email);
  } catch {
    // Then a reload sends it again.
  }
}

export const LINK_FAILED_MESSAGE =
  'This verification link is invalid or has expired. Please send a new verification e-mail.';

export function verificationSentMessage(email: string): string {
  return `A verification e-mail has been sent to ${email}. Please open the link in it to continue; if you cannot find it, please check your spam folder.`;
}

/**
 * Enrolment step 1: the address must be verified. The e-mail is sent once on arrival and again on
 * request; the page polls the MFA state and moves on by itself once the link has been opened.
 */
export function VerifyEmailStep({ email }: { email: string }) {
  // The e-mail's link comes back here with emailVerified=0 when it was invalid or expired.
  const linkFailed = useSearchParams()[0].get('emailVerified') === '0';
  const send = useSendVerificationEmail();
  const [sentEarlier] = useState(() => wasAutoSent(email));
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once per address on arrival
  useEffect(() => {
    // The ref and the stored mark keep StrictMode's second effect run and reloads from sending again.
    if (started.current || wasAutoSent(email)) return;
    started.current = true;
    markAutoSent(email);
    send.mutate();
  }, [email]);

  // After a failed link, only a new e-mail counts as sent.
  const sent = send.isSuccess || (sentEarlier && !send.isError && !linkFailed);

  return (
    <Stack gap="md">
      {linkFailed && !send.isSuccess && (
        <Alert color="red" variant="light">
          {LINK_FAILED_MESSAGE}
        </Alert>
      )}
      {sent ? (
        <Alert color="green" variant="light" role="status">
          {verificationSentMessage(email)}
        </Alert>
      ) : (
        <Text size="sm">
          Before choosing how to receive your sign-in codes, please verify your e-mail address. We will send a
          verification e-mail to <strong>{email}</strong>.
        </Text>
      )}
      <Button
        fullWidth
        variant={sent ? 'default' : 'filled'}
        loading={send.isPending}
        onClick={() => send.mutate()}
      >
        Send Verification Email
      </Button>
      {send.isError && (
        <Alert color="red" variant="light">
          {errorMessage(send.error)}
        </Alert>
      )}
      <Text size="xs" c="dimmed" ta="center">
        This page continues by itself once your address is verified.
      </Text>
    </Stack>
  );
}
