import type { Db } from '../../db/database.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { JobDispatch } from './job-dispatch.js';
import { queueOwner } from './jobs.types.js';
import { deleteTriesBefore } from './free-tries.repository.js';
import {
  deletePurgedVisitorJobs,
  jobIdsAmong,
  listExpiredJobs,
  listUnfinishedJobs,
  updateJob,
} from './jobs.repository.js';

// Maintenance: picking up what a previous run left, and deleting stored files past their
// retention or owned by no job.

export interface JobMaintenanceOptions {
  db: Db;
  store: ObjectStore;
  queue: () => JobDispatch;
  /** Ids whose files are being written before their row exists (left alone). */
  creating: ReadonlySet<string>;
}

export class JobMaintenance {
  /** Prefixes with no job, and at how many sweeps in a row they were found so. */
  private orphanSeen = new Map<string, number>();

  constructor(private readonly options: JobMaintenanceOptions) {}

  /**
   * Picks up what a previous run left: queued and interrupted jobs run again (uncharged). A job
   * the dispatch can claim as it is (in scale-out mode a 'processing' job may be running on a
   * live worker) is queued again only if the queue lost it (queuing is idempotent), and a worker
   * takes it over (decision 0112); any other goes back to 'queued'.
   */
  async recover(): Promise<number> {
    const { db } = this.options;
    const queue = this.options.queue();
    const unfinished = await listUnfinishedJobs(db);
    for (const job of unfinished) {
      if (!queue.claimable.includes(job.status)) {
        await updateJob(db, job.id, {
          status: 'queued',
          stage: 'queued',
          progress: 0,
          started_at: null,
        });
      }
      await queue.enqueue(job.id, queueOwner(job));
    }
    return unfinished.length;
  }

  /** Deletes stored files past their retention, and files no job owns. Returns jobs purged. */
  async cleanup(now = new Date()): Promise<number> {
    const { db, store, creating } = this.options;
    let purged = 0;
    for (;;) {
      const batch = await listExpiredJobs(db, now.toISOString(), 200);
      if (batch.length === 0) break;
      for (const { id } of batch) {
        await store.deletePrefix(id);
        await updateJob(db, id, { purged_at: now.toISOString() });
        purged++;
      }
    }
    // A visitor's free try leaves nothing past the retention (decision 0155): its row goes with
    // its files, and an address's tries go once their day is over.
    await deletePurgedVisitorJobs(db);
    await deleteTriesBefore(db, now.toISOString().slice(0, 10));
    const prefixes = (await store.listPrefixes()).filter((p) => !creating.has(p));
    const known = await jobIdsAmong(db, prefixes);
    const orphans = prefixes.filter((p) => !known.has(p) && !creating.has(p));
    // A prefix is deleted once it has been an orphan for as many sweeps in a row as the
    // dispatch asks (another process may be writing an upload whose row does not exist yet).
    const sweeps = this.options.queue().orphanSweeps;
    const previous = this.orphanSeen;
    this.orphanSeen = new Map();
    for (const prefix of orphans) {
      const seen = (previous.get(prefix) ?? 0) + 1;
      if (seen >= sweeps) await store.deletePrefix(prefix);
      else this.orphanSeen.set(prefix, seen);
    }
    return purged;
  }
}
