// spec §8: a render error is logged and contained to its page, so one broken screen does not blank the console.
import { Button, Result } from "antd";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { addErrorLog } from "../state/error-log-store";

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
      <Result
        status="error"
        title={error.name}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={this.retry}>
            ↻
          </Button>
        }
      />
    );
  }
}
