import type { ComponentChildren } from 'preact';

/** An error the user should read now: announced by screen readers as it appears. */
export function ErrorMessage({ children }: { children?: ComponentChildren }) {
  return children ? (
    <p class="message error" role="alert">
      {children}
    </p>
  ) : null;
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="message" role="status">
      Loading {what}…
    </p>
  );
}

/** The outcome of something the user just did, read out politely. */
export function Notice({ children }: { children?: ComponentChildren }) {
  return children ? (
    <p class="message notice" role="status">
      {children}
    </p>
  ) : null;
}
