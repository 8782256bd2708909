/**
 * A worker loop's sleep that a notification can cut short. A wake-up that
 * arrives while the loop is busy is remembered, so the next sleep returns at
 * once instead of missing it.
 */
export class WakeSignal {
  private woken = false;
  private interruptSleep?: () => void;

  /** Call at the top of each iteration: wake-ups from here on end the next sleep. */
  reset(): void {
    this.woken = false;
  }

  wake(): void {
    this.woken = true;
    this.interruptSleep?.();
  }

  async sleep(ms: number): Promise<void> {
    if (this.woken) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.interruptSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.interruptSleep = undefined;
  }
}
