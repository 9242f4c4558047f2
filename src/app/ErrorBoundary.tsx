// spec §8: a render error is logged and contained to its page, so one broken screen does not blank the console.
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from "react";
import { addErrorLog } from "../state/error-log-store";
import type { ErrorResultProps } from "./ErrorResult";

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

const ErrorResult = lazy(() => import("./ErrorResult").catch(() => ({ default: PlainErrorResult })));

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
