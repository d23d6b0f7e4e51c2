import { Modal } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '../components/ui/page-loader';

/**
 * A modal whose script is fetched on its first opening (docs/decisions/0024): until then a small
 * modal with a spinner holds its place; Esc closes it as it would close the modal.
 */
export function LazyModal({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Modal opened onClose={onClose} withCloseButton={false} size="xs" centered>
          <PageLoader label="Loading" />
        </Modal>
      }
    >
      {children}
    </Suspense>
  );
}
