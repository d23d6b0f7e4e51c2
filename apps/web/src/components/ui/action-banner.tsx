import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api-client';

/**
 * The spec's result banner: 'action completed' (green) or 'action failed' (red, with the server's
 * message under it). A screen wraps its content in ActionBannerProvider and places <ActionBanner />
 * where the banner belongs; any component below (modals included) reports with useActionBanner().
 */

export const ACTION_COMPLETED = 'action completed';
export const ACTION_FAILED = 'action failed';

/** How long a banner stays before it hides by itself. */
const HIDE_AFTER_MS = 6_000;

/** `message`: the line under the title (what failed, or a completed action's detail). */
type Banner = { id: number; ok: boolean; message: string | undefined };

interface ActionBannerApi {
  /** `detail`: a short line under the title, e.g. where the changed workflow went. */
  completed: (detail?: string) => void;
  /** `error`: what the action threw; its message shows under the title. */
  failed: (error?: unknown) => void;
}

interface BannerState {
  banner: Banner | null;
  hide: () => void;
  api: ActionBannerApi;
}

const BannerContext = createContext<BannerState | null>(null);

let nextId = 1;

export function ActionBannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const hide = useCallback(() => setBanner(null), []);
  const api = useMemo<ActionBannerApi>(
    () => ({
      completed: (detail) => setBanner({ id: nextId++, ok: true, message: detail }),
      failed: (error) =>
        setBanner({
          id: nextId++,
          ok: false,
          message: error === undefined ? undefined : errorMessage(error),
        }),
    }),
    [],
  );
  const value = useMemo(() => ({ banner, hide, api }), [banner, hide, api]);
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>;
}

/** Reports an action's result; outside a provider it falls back to a notification. */
export function useActionBanner(): ActionBannerApi {
  const state = useContext(BannerContext);
  return useMemo(
    () =>
      state?.api ?? {
        completed: (detail) =>
          notifications.show({
            color: 'green',
            ...(detail ? { title: ACTION_COMPLETED, message: detail } : { message: ACTION_COMPLETED }),
          }),
        failed: (error) =>
          notifications.show({
            color: 'red',
            title: ACTION_FAILED,
            message: error === undefined ? '' : errorMessage(error),
          }),
      },
    [state?.api],
  );
}

/** The banner itself: closable, hides after about 6 seconds. */
export function ActionBanner() {
  const state = useContext(BannerContext);
  const banner = state?.banner ?? null;
  const hide = state?.hide;
  useEffect(() => {
    if (!banner || !hide) return;
    const timer = setTimeout(hide, HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [banner, hide]);
  if (!banner || !hide) return null;
  return (
    <Alert
      key={banner.id}
      color={banner.ok ? 'green' : 'red'}
      variant="light"
      title={banner.ok ? ACTION_COMPLETED : ACTION_FAILED}
      withCloseButton
      closeButtonLabel="Close banner"
      onClose={hide}
      py={6}
      data-testid="action-banner"
    >
      {banner.message && <Text size="xs">{banner.message}</Text>}
    </Alert>
  );
}
