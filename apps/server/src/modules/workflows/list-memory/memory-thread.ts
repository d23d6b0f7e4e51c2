/**
 * The lists' index on a thread of its own (decision 0061), so that finding a page of a million
 * rows runs beside the server's HTTP, JSON and database work instead of between them. Calls are
 * answered in the order they were sent: a page asked for after a write sees it.
 */
import { Worker } from 'node:worker_threads';
import type { WorkflowListQuery } from '../workflow-list.queries.ts';
import type { RequestContext, Staff } from './memory-filters.ts';
import type { IndexSettings, MemoryPage } from './memory-index.ts';
import type { MemoryRow } from './memory-rows.ts';

export type IndexCall =
  | { name: 'write'; changed: MemoryRow[]; removed: string[] }
  | { name: 'makeOrders' }
  | { name: 'nameStaff'; staff: Staff }
  | { name: 'page'; query: WorkflowListQuery; context: RequestContext; pagedRows: number; now: Date };

type Answer = { id: number; result?: unknown; error?: string };
type Waiting = { resolve: (value: unknown) => void; reject: (err: Error) => void };

export class MemoryThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;
  private closing = false;
  /** Why the thread stopped (it exited, failed or was closed); no call is answered after. */
  stopped: Error | null = null;

  constructor(
    settings: IndexSettings,
    /** Told when the thread stops of itself (it failed or exited), not when closed. */
    private readonly onStop: (reason: Error) => void,
  ) {
    this.worker = new Worker(new URL('./memory-index.worker.mjs', import.meta.url), {
      workerData: settings,
      execArgv: [],
    });
    this.worker.on('message', ({ id, result, error }: Answer) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiting?.resolve(result);
      else waiting?.reject(new Error(`The lists' index failed: ${error}`));
    });
    this.worker.on('error', (err) => this.stop(err));
    this.worker.on('exit', (code) => this.stop(new Error(`The lists' index thread exited (${code}).`)));
  }

  write(changed: MemoryRow[], removed: string[]) {
    return this.call({ name: 'write', changed, removed }) as Promise<void>;
  }

  /** The staff, whom the rows' coordinators are named, filtered and ordered by from now on. */
  nameStaff(staff: Staff) {
    return this.call({ name: 'nameStaff', staff }) as Promise<void>;
  }

  makeOrders() {
    return this.call({ name: 'makeOrders' }) as Promise<void>;
  }

  page(query: WorkflowListQuery, context: RequestContext, pagedRows: number, now: Date) {
    return this.call({ name: 'page', query, context, pagedRows, now }) as Promise<MemoryPage>;
  }

  async close() {
    this.closing = true;
    this.stop(new Error("The lists' index was closed."));
    await this.worker.terminate();
  }

  private call(call: IndexCall): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, call });
    });
  }

  private stop(reason: Error) {
    if (!this.stopped) {
      this.stopped = reason;
      if (!this.closing) this.onStop(reason);
    }
    for (const { reject } of this.waiting.values()) reject(this.stopped);
    this.waiting.clear();
  }
}
