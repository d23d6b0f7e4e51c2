import { Box } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';

/**
 * A screen loaded on first use (its own script chunk, docs/decisions/0024): `load` is the
 * `import()` of its module, `name` the component it exports. Mantine's whole stylesheet comes
 * with the first one (the first load has only the sign-in page's styles).
 */
export function lazyScreen<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), import('./mantine-styles')]);
    return { default: module[name] };
  });
}

/** What a whole page shows while its script loads. */
export function FullPageLoader() {
  return (
    <Box h="100dvh">
      <PageLoader label="Loading" />
    </Box>
  );
}

/** The pages outside the signed-in frame: a lazy page shows the full-page spinner while it loads. */
export function RootOutlet() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
