// spec §8: a render error is logged and contained to its page, so one broken screen does not blank the console.
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from "react";
import { addErrorLog } from "../state/error-log-store";
import type { ErrorResultProps } from "./ErrorResult";
import { whenBrowserIdle } from "./when-idle";

/** Without its chunk (the network that failed the page may fail it too) the error still shows, plainly. */
function PlainErrorResult({ error, retry }: ErrorResultProps) {
  return (
    <div role="alert">
      <h2>{error.name}</h2>
      <p>{error.message}</p>
      <button type="button" onClick={retry}>
        ↻
      </button>
    </div>
  );
}

let errorResult: Promise<{ default: typeof PlainErrorResult }> | undefined;
function loadErrorResult(): Promise<{ default: typeof PlainErrorResult }> {
  errorResult ??= import("./ErrorResult").catch(() => {
    errorResult = undefined; // a later error asks again
    return { default: PlainErrorResult };
  });
  return errorResult;
}
const ErrorResult = lazy(loadErrorResult);

/**
 * The Result's chunk is fetched without holding up a paint, so that a later failure,
 * often the network's that also fails chunks, still shows antd's Result: the signed-in console
 * starts it with its own chunk (ConsoleRootEntry), every boundary when the browser is next idle.
 */
export function preloadErrorResult(): void {
  void loadErrorResult();
}

function preloadWhenIdle(): void {
  if (!errorResult) whenBrowserIdle(preloadErrorResult);
}

interface Props {
  readonly children: ReactNode;
  /** Shown instead of the page; gets a retry callback. */
  readonly fallback?: (error: Error, retry: () => void) => ReactNode;
}

interface State {
  readonly error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    addErrorLog(
      error,
      `render error${info.componentStack ? `:${info.componentStack.split("\n").slice(0, 4).join("\n")}` : ""}`,
    );
  }

  componentDidMount(): void {
    preloadWhenIdle();
  }

  private retry = () => this.setState({ error: null });

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.retry);
    return (
      <Suspense fallback={null}>
        <ErrorResult error={error} retry={this.retry} />
      </Suspense>
    );
  }
}
