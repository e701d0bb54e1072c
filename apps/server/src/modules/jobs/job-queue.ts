// The in-process job queue (the embedded default; ARCHITECTURE.md names Redis/BullMQ for many
// machines). Jobs wait here and go to the engine's pool only when a worker is free, so a queued
// job can be cancelled by simply leaving this list, and a full queue is refused before anything
// is stored. The database is the source of truth: on start, unfinished jobs are put back here
// (JobsService.recover).
//
// Fairness (docs/decisions/0100-fair-queue-and-job-time-limit.md): every job has an owner — the
// user, API key or address it is charged to. Owners take turns: when a worker frees up, the next
// job comes from the owner after the one served last that has jobs waiting, so one owner's fifty
// images interleave with everybody else's single ones instead of going first. Within one owner,
// jobs keep their order. And no owner may hold more than `perOwnerShare` of the waiting room,
// so one owner cannot fill the queue and have everybody else refused with 503.

export class JobQueue {
  /** Waiting jobs per owner, each in arrival order; the Map's order is the turn order. */
  private readonly waiting = new Map<string, string[]>();
  private readonly ownerOf = new Map<string, string>();
  private readonly running = new Set<string>();
  private waitingCount = 0;
  private closed = false;

  /**
   * @param concurrency jobs handed to workers at once
   * @param capacity jobs allowed to wait in all
   * @param work runs one job to its end
   * @param perOwnerShare most jobs one owner may have waiting (default: half the capacity,
   *   at least one)
   */
  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
    private readonly work: (id: string) => Promise<void>,
    private readonly perOwnerShare = Math.max(1, Math.ceil(capacity / 2)),
  ) {}

  /**
   * Whether a new job may wait (jobs picked up after a restart are let in regardless). With an
   * owner, also whether that owner is within its share.
   */
  hasRoom(owner?: string): boolean {
    const idle = this.running.size < this.concurrency && this.waitingCount === 0;
    if (idle) return true;
    if (this.waitingCount >= this.capacity) return false;
    if (owner === undefined) return true;
    return (this.waiting.get(owner)?.length ?? 0) < this.perOwnerShare;
  }

  /** Queues a job; a job without an owner is its own owner (it then competes as one). */
  enqueue(id: string, owner: string = id): void {
    if (this.closed || this.ownerOf.has(id) || this.running.has(id)) return;
    const list = this.waiting.get(owner);
    if (list) list.push(id);
    else this.waiting.set(owner, [id]);
    this.ownerOf.set(id, owner);
    this.waitingCount++;
    this.pump();
  }

  /** Takes a waiting job out of the queue; false when it is running or unknown. */
  remove(id: string): boolean {
    const owner = this.ownerOf.get(id);
    if (owner === undefined) return false;
    const list = this.waiting.get(owner) ?? [];
    list.splice(list.indexOf(id), 1);
    if (list.length === 0) this.waiting.delete(owner);
    this.ownerOf.delete(id);
    this.waitingCount--;
    return true;
  }

  /**
   * How many jobs will start before this one (0 = next), following the turn order; -1 when it
   * is not waiting.
   */
  position(id: string): number {
    const owner = this.ownerOf.get(id);
    if (owner === undefined) return -1;
    const mine = (this.waiting.get(owner) ?? []).indexOf(id);
    // Each round serves one job of every owner with jobs left, in turn order.
    let ahead = 0;
    let beforeMe = true;
    for (const [other, list] of this.waiting) {
      if (other === owner) {
        beforeMe = false;
        ahead += mine;
        continue;
      }
      ahead += Math.min(list.length, beforeMe ? mine + 1 : mine);
    }
    return ahead;
  }

  stats() {
    return {
      waiting: this.waitingCount,
      running: this.running.size,
      concurrency: this.concurrency,
      capacity: this.capacity,
      owners: this.waiting.size,
    };
  }

  /** Stops taking jobs; resolves when running ones have ended. Waiting ones stay in the database. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    this.ownerOf.clear();
    this.waitingCount = 0;
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** The next job in turn: the first owner's oldest job; that owner then goes to the back. */
  private next(): string | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [owner, list] = first.value;
    const id = list.shift() as string;
    this.waiting.delete(owner);
    if (list.length > 0) this.waiting.set(owner, list);
    this.ownerOf.delete(id);
    this.waitingCount--;
    return id;
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency) {
      const id = this.next();
      if (id === undefined) return;
      this.running.add(id);
      void this.work(id).finally(() => {
        this.running.delete(id);
        this.pump();
      });
    }
  }
}
