// The PDF text reader's thread starts here: Node runs no TypeScript of itself, so tsx is registered first, as the server's own start does.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-text.worker.ts');
