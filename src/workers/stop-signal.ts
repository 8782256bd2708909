/** A promise a loop can race its waits against, resolved once when the loop is told to stop. */
export function stopSignal(): { promise: Promise<void>; resolve(): void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve: () => resolve() };
}
