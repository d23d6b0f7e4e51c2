import { restartFactoryNumbers } from './factories.ts';

// Runs before each API test file. The files of a worker share its modules (isolate: false), so
// module state that a file could notice is put back to where a process of its own would start.
restartFactoryNumbers();
