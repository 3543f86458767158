/**
 * An uncaught error sends one error-feedback record per distinct error, never
 * in a loop: each distinct error once per page visit, at most MAX_REPORTS in
 * all, and a failure while reporting is never itself reported.
 */
export const MAX_REPORTS = 10;

export interface Reporter {
  report(error: unknown): boolean;
  uninstall(): void;
}

export function fingerprint(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 3).join('\n')}`;
  return String(error);
}

export function installErrorReporter(send: (content: string) => Promise<unknown>, target: Window = window): Reporter {
  const seen = new Set<string>();
  let sending = false;
  const report = (error: unknown): boolean => {
    if (sending) return false;
    const key = fingerprint(error);
    if (seen.has(key) || seen.size >= MAX_REPORTS) return false;
    seen.add(key);
    const content = JSON.stringify({ error: key, url: target.location.href, ua: target.navigator.userAgent, version: __APP_VERSION__ });
    sending = true;
    send(content)
      .catch(() => undefined)
      .finally(() => {
        sending = false;
      });
    return true;
  };
  const onError = (e: ErrorEvent) => report(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => report(e.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return {
    report,
    uninstall() {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    },
  };
}
