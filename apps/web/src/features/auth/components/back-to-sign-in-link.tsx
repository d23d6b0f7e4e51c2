import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../api/get-session';
import { signOut } from '../api/sign-out';

/** Leaves the MFA step: ends the pending sign-in on the server, then shows the sign-in form. */
export function BackToSignInLink() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  const leave = async (event: MouseEvent) => {
    event.preventDefault();
    if (leaving) return;
    setLeaving(true);
    // Even if the server cannot be reached, the pending session is useless without its second factor.
    await signOut().catch(() => undefined);
    clearSession(queryClient);
    navigate('/admin', { replace: true });
  };

  return (
    <Anchor href="/admin" size="sm" ta="center" onClick={leave} aria-disabled={leaving || undefined}>
      Back to Sign In
    </Anchor>
  );
}
