/** The thread that holds the lists' index (decision 0061): it answers MemoryThread's calls in the order they were sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { type IndexSettings, MemoryIndex } from './memory-index.ts';
import type { IndexCall } from './memory-thread.ts';

const index = new MemoryIndex(workerData as IndexSettings);
const port = parentPort;
if (!port) throw new Error('memory-index.worker.ts runs as a worker thread.');

/** A write that failed partway leaves the index neither before nor after it: nothing is answered after. */
let broken: string | null = null;

port.on('message', ({ id, call }: { id: number; call: IndexCall }) => {
  if (broken) {
    port.postMessage({ id, error: `an earlier write failed: ${broken}` });
    return;
  }
  try {
    const result =
      call.name === 'write'
        ? index.write(call.changed, call.removed)
        : call.name === 'makeOrders'
          ? index.makeOrders()
          : call.name === 'nameStaff'
            ? index.nameStaff(call.staff)
            : index.page(call.query, call.context, call.pagedRows, call.now);
    port.postMessage({ id, result });
  } catch (err) {
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    if (call.name === 'write') broken = error;
    port.postMessage({ id, error });
  }
});
