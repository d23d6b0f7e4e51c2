// The lists' index thread starts here: Node runs no TypeScript of itself, so tsx is registered first, as the server's own start does.
import { register } from 'tsx/esm/api';

register();
await import('./memory-index.worker.ts');
