/**
 * Scripts fetched ahead of need (docs/decisions/0024). The budgets of scripts/bundle-sizes.mjs
 * count what a page needs to show itself; these start once the user is on the way (typing on the
 * sign-in page, a signed-in screen shown), so that the next step does not wait for its script.
 */

export const loadSignedIn = () => import('./signed-in');
export const loadWorkflowScreen = () => import('./workflow-screen');

/** The signed-in frame and the first screen: a completed sign-in waits for them with the data. */
export function preloadHome(): Promise<unknown> {
  return Promise.all([loadSignedIn(), loadWorkflowScreen()]);
}

/** Once the user starts typing on the sign-in page: the second-factor pages, then the first screen. */
export function preloadSignIn(): Promise<unknown> {
  return Promise.all([
    import('../features/auth/components/mfa-verify-page'),
    import('../features/auth/components/mfa-enroll-page'),
    import('./mantine-styles'),
    preloadHome(),
  ]);
}
