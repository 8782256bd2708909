/** Statuses after which a job or sweep changes no more (contract §7). */
export const FINISHED_STATUSES = new Set(['done', 'failed', 'cancelled']);

/** A labelled progress bar of a job or sweep (`progress` is a fraction), its status spoken with the percentage. */
export function RunProgress({ id, name, status, progress }: { id: string; name: string; status: string; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div class="field">
      <label for={id}>
        {name}: {status}, {percent}%
      </label>
      <progress id={id} max={100} value={percent} aria-valuetext={`${status}, ${percent}%`} />
    </div>
  );
}
