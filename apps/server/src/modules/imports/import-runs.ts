/**
 * The imports running in this process (issue 3: 'in the background within the process'): their
 * progress, which the database cannot show while the run's one transaction is open (on PGlite no
 * other statement runs until it ends), and their promises, so closing the app waits for them.
 */
export class ImportRuns {
  private readonly progress = new Map<number, { processed: number; total: number }>();
  private readonly running = new Set<Promise<void>>();

  start(id: number, total: number, work: (progress: (processed: number) => void) => Promise<void>) {
    this.progress.set(id, { processed: 0, total });
    const promise = work((processed) => this.progress.set(id, { processed, total })).finally(() => {
      this.progress.delete(id);
      this.running.delete(promise);
    });
    this.running.add(promise);
  }

  progressOf(id: number) {
    return this.progress.get(id);
  }

  /** Resolves once every run has ended (app shutdown). */
  async settle() {
    await Promise.allSettled([...this.running]);
  }
}
