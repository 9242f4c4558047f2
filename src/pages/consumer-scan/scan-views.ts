// spec §2 /m/q/:qrcode: one scan call per page view. The call is not idempotent (it counts a query
// on the code), so it must not run again when React StrictMode runs effects twice in development,
// when the page re-renders or re-mounts (language switch, back to the same history entry), nor
// on any automatic refetch. A view is one history entry (react-router's location.key) and code;
// a reload starts a new module and so a new view. Retry is a new user action: a new call.

/** Enough for a back-and-forth through a few codes; older views are forgotten first. */
const REMEMBERED_VIEWS = 20;

export class ScanViews<T> {
  private readonly calls = new Map<string, Promise<T>>();

  constructor(
    private readonly start: (code: string) => Promise<T>,
    private readonly limit = REMEMBERED_VIEWS,
  ) {}

  /** The view's call: started on the first ask, the same promise on every later one. */
  get(view: string, code: string): Promise<T> {
    return this.calls.get(key(view, code)) ?? this.remember(view, code);
  }

  /** Asked for by the user (the retry button): always a new call, which the view keeps from now on. */
  retry(view: string, code: string): Promise<T> {
    return this.remember(view, code);
  }

  private remember(view: string, code: string): Promise<T> {
    const call = this.start(code);
    const name = key(view, code);
    this.calls.delete(name);
    this.calls.set(name, call);
    for (const oldest of this.calls.keys()) {
      if (this.calls.size <= this.limit) break;
      this.calls.delete(oldest);
    }
    return call;
  }
}

const key = (view: string, code: string): string => `${view}\u0000${code}`;
