/**
 * Counts what the user is waiting for (API requests, lazily loaded pages). The progress bar shows while the count
 * is above zero; anything that makes the user wait registers here instead of drawing its own spinner in the bar.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Starts one activity; the returned function ends it (calling it twice is harmless). */
export function beginActivity(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

/** Keeps the progress bar going while `work` runs. */
export function trackActivity<T>(work: Promise<T>): Promise<T> {
  const end = beginActivity();
  return work.finally(end);
}

export function pendingActivities(): number {
  return pending;
}

export function subscribeActivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
