// The in-process job queue (the embedded default; ARCHITECTURE.md names Redis/BullMQ for many
// machines). Jobs wait here in arrival order and go to the engine's pool only when a worker is
// free, so a queued job can be cancelled by simply leaving this list, and a full queue is
// refused before anything is stored. The database is the source of truth: on start, unfinished
// jobs are put back here (JobsService.recover).

export class JobQueue {
  private readonly waiting: string[] = [];
  private readonly running = new Set<string>();
  private closed = false;

  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
    private readonly work: (id: string) => Promise<void>,
  ) {}

  /** Whether a new job may wait (jobs picked up after a restart are let in regardless). */
  hasRoom(): boolean {
    return this.waiting.length < this.capacity || this.running.size < this.concurrency;
  }

  enqueue(id: string): void {
    if (this.closed || this.waiting.includes(id) || this.running.has(id)) return;
    this.waiting.push(id);
    this.pump();
  }

  /** Takes a waiting job out of the queue; false when it is running or unknown. */
  remove(id: string): boolean {
    const index = this.waiting.indexOf(id);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  /** Position among waiting jobs (0 = next), or -1. */
  position(id: string): number {
    return this.waiting.indexOf(id);
  }

  stats() {
    return {
      waiting: this.waiting.length,
      running: this.running.size,
      concurrency: this.concurrency,
      capacity: this.capacity,
    };
  }

  /** Stops taking jobs; resolves when running ones have ended. Waiting ones stay in the database. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      this.running.add(id);
      void this.work(id).finally(() => {
        this.running.delete(id);
        this.pump();
      });
    }
  }
}
