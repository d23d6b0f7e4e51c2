import { Center, Stack } from '@mantine/core';
import type { MfaStatus } from '@telecare/contracts/auth';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useMfaStatus } from '../api/get-mfa-status';
import { BackToSignInLink } from './back-to-sign-in-link';

/**
 * Loads the pending sign-in's MFA state for /mfa-enroll and /mfa-verify: no pending sign-in (401)
 * goes to '/', which leads to the sign-in form; the page itself renders once the state is known.
 */
export function MfaStatusGate({ children }: { children: (status: MfaStatus) => ReactNode }) {
  const status = useMfaStatus();

  if (status.error instanceof ApiError && status.error.status === 401) return <Navigate to="/" replace />;
  if (status.data) return children(status.data);
  if (status.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack gap="md">
          <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />
          <BackToSignInLink />
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="100dvh">
      <PageLoader label="Loading" />
    </Center>
  );
}
