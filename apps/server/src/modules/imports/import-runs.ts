/**
 * The imports running in this process (issue 3: 'in the background within the process'): their
 * promises, so closing the app stops them after the batch they are writing and waits for them.
 */
export class ImportRuns {
  private readonly running = new Set<Promise<void>>();
  /** Set when the app closes: a run stops between batches, to be continued by a later run. */
  stopping = false;

  start(work: () => Promise<void>) {
    const promise = work().finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Stops every run after its current batch and resolves once they have ended (app shutdown). */
  async settle() {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }
}
