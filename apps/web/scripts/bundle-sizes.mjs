// Run after `vite build`: prints, for each route, the gzip size of all the script it loads (the
// entry, the route's lazy chunks and everything they import statically) and fails when the
// sign-in page or any route is over its budget (docs/decisions/0024).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
const SIGN_IN_BUDGET = 150 * KIB;
const ROUTE_BUDGET = 300 * KIB;

/**
 * What each route loads besides the entry to show itself: its lazy modules, by source path as the
 * manifest names them. The sign-in page is the entry alone.
 */
const SIGNED_IN = 'src/app/signed-in.tsx';
const WORKFLOW_SCREEN = [SIGNED_IN, 'src/app/workflow-screen.tsx'];
const SETTINGS = [SIGNED_IN, 'src/app/settings-screen.tsx'];
const ROUTES = [
  { route: '/admin (sign-in page)', lazy: [], budget: SIGN_IN_BUDGET },
  { route: '/admin (Forgot password)', lazy: ['src/features/auth/components/forgot-password-form.tsx'] },
  { route: '/reset-password', lazy: ['src/features/auth/components/reset-password-page.tsx'] },
  // The second-factor pages also fetch the first screen's scripts while the user types the code.
  { route: '/mfa-verify', lazy: ['src/features/auth/components/mfa-verify-page.tsx', ...WORKFLOW_SCREEN] },
  { route: '/mfa-enroll', lazy: ['src/features/auth/components/mfa-enroll-page.tsx', ...WORKFLOW_SCREEN] },
  { route: '/admin/client-appointment (and the other lists)', lazy: WORKFLOW_SCREEN },
  { route: '/admin/apt-requests', lazy: [SIGNED_IN, 'src/app/appointment-requests-screen.tsx'] },
  { route: '/admin/schedule', lazy: [SIGNED_IN, 'src/app/schedule-screen.tsx'] },
  { route: '/admin/my-todo-list', lazy: [SIGNED_IN, 'src/app/my-todo-list-screen.tsx'] },
  { route: '/admin/referral-inbox', lazy: [SIGNED_IN, 'src/app/referral-inbox-screen.tsx'] },
  {
    route: '/admin/settings/account-setting',
    lazy: [...SETTINGS, 'src/features/users/components/account-setting-page.tsx'],
  },
  {
    route: '/admin/settings/track-patients',
    lazy: [...SETTINGS, 'src/features/tracking/components/track-patients-page.tsx'],
  },
  {
    route: '/admin/settings/create-client',
    lazy: [...SETTINGS, 'src/features/clients/components/create-client-page.tsx'],
  },
  {
    route: '/admin/settings/feature-flags',
    lazy: [...SETTINGS, 'src/features/settings/components/feature-flags-page.tsx'],
  },
  { route: '/admin/specialists', lazy: [SIGNED_IN, 'src/app/specialists-screen.tsx'] },
  {
    route: '/admin/settings/speciality',
    lazy: [...SETTINGS, 'src/features/specialists/components/specialities-page.tsx'],
  },
  {
    route: '/admin/settings/practitioner-profile',
    lazy: [...SETTINGS, 'src/features/specialists/components/practitioner-profile-page.tsx'],
  },
  {
    route: '/admin/settings/unmatched-sms',
    lazy: [...SETTINGS, 'src/features/messaging/components/unmatched-replies-page.tsx'],
  },
  {
    route: '/admin/settings/failed-messages',
    lazy: [...SETTINGS, 'src/features/messaging/components/failed-messages-page.tsx'],
  },
];

/**
 * What a page fetches later (src/app/preload.ts: the next steps once the user starts typing on the
 * sign-in page, the rest of the app once a signed-in tab is idle; a form opened, the first notice):
 * printed in total with the page's load, without a budget (it is not part of the page's load).
 */
const NOTICES = ['src/app/notification-stack.tsx', '../../packages/contracts/src/errors.ts'];
const ON_DEMAND = [
  {
    route: '/admin + typing (second-factor pages, first screen)',
    lazy: [
      'src/features/auth/components/mfa-verify-page.tsx',
      'src/features/auth/components/mfa-enroll-page.tsx',
      ...WORKFLOW_SCREEN,
    ],
  },
  {
    route: '/admin/client-appointment + notices (first notification or error)',
    lazy: [...WORKFLOW_SCREEN, ...NOTICES],
  },
  {
    route: '  + Add/Reschedule Appointment, Approve',
    lazy: [...WORKFLOW_SCREEN, 'src/features/booking/components/booking-modal.tsx'],
  },
  {
    route: '  + Cancel Appointment',
    lazy: [...WORKFLOW_SCREEN, 'src/features/booking/components/cancel-appointment-modal.tsx'],
  },
  {
    route: '  + Edit Client',
    lazy: [...WORKFLOW_SCREEN, 'src/features/clients/components/edit-client-modal.tsx'],
  },
  {
    route: '  + Manage Tasks',
    lazy: [...WORKFLOW_SCREEN, 'src/features/tasks/components/manage-tasks-modal.tsx'],
  },
  {
    route: '/admin/referral-inbox + a file opened in the viewer (pdf.js)',
    lazy: [
      SIGNED_IN,
      'src/app/referral-inbox-screen.tsx',
      '../../node_modules/pdfjs-dist/build/pdf.mjs',
      '../../node_modules/pdfjs-dist/build/pdf.worker.min.mjs?url',
    ],
  },
  {
    route: '  all the forms and notices',
    lazy: [
      ...WORKFLOW_SCREEN,
      ...NOTICES,
      'src/features/booking/components/booking-modal.tsx',
      'src/features/booking/components/cancel-appointment-modal.tsx',
      'src/features/clients/components/edit-client-modal.tsx',
      'src/features/tasks/components/manage-tasks-modal.tsx',
    ],
  },
  {
    route: 'a signed-in tab once idle (every screen and form)',
    lazy: ROUTES.filter((row) => row.route.startsWith('/admin/'))
      .flatMap((row) => row.lazy)
      .concat(NOTICES, [
        'src/features/booking/components/booking-modal.tsx',
        'src/features/booking/components/cancel-appointment-modal.tsx',
        'src/features/clients/components/edit-client-modal.tsx',
        'src/features/tasks/components/manage-tasks-modal.tsx',
        'src/features/todos/components/todo-panel.tsx',
      ]),
  },
];

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
  return gzipSizes.get(file);
}

/** The script files a manifest entry loads: its own and its static imports, transitively. */
function scriptsOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-sizes: ${key} is not in the build manifest; update ROUTES.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) scriptsOf(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const lazyKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
const uncovered = lazyKeys.filter((key) => ![...ROUTES, ...ON_DEMAND].some((row) => row.lazy.includes(key)));
if (uncovered.length > 0) {
  console.error(`bundle-sizes: lazy modules no route lists (add them to ROUTES): ${uncovered.join(', ')}`);
  process.exit(1);
}

function measure({ route, lazy, budget }) {
  const files = scriptsOf(entryKey);
  for (const key of lazy) scriptsOf(key, files);
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  return { route, files: files.size, bytes, budget };
}

const kib = (bytes) => (bytes / KIB).toFixed(1).padStart(7);
const rows = ROUTES.map((row) => measure({ budget: ROUTE_BUDGET, ...row }));
const onDemandRows = ON_DEMAND.map(measure);

const width = Math.max(...[...rows, ...onDemandRows].map((row) => row.route.length));
const print = ({ route, files, bytes, budget }) => {
  const limit = budget === undefined ? '      -' : kib(budget);
  const verdict = budget !== undefined && bytes > budget ? '  OVER BUDGET' : '';
  console.log(`${route.padEnd(width)}  ${String(files).padStart(5)} ${kib(bytes)} ${limit}${verdict}`);
};
console.log(`\nScript per route (gzip KiB, entry included)\n${'route'.padEnd(width)}  files    size  budget`);
rows.forEach(print);
console.log(`\nFetched later, on demand, in total with the page's load`);
onDemandRows.forEach(print);

const over = rows.filter((row) => row.bytes > row.budget);
if (over.length > 0) {
  console.error(`\nbundle-sizes: over budget: ${over.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
