// What a render error shows in place of its page (app/ErrorBoundary): antd's Result, its own chunk
// because it carries antd's status illustrations and only an error needs it.
import { Button, Result } from "antd";

export interface ErrorResultProps {
  readonly error: Error;
  readonly retry: () => void;
}

export default function ErrorResult({ error, retry }: ErrorResultProps) {
  return (
    <Result
      status="error"
      title={error.name}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={retry}>
          ↻
        </Button>
      }
    />
  );
}
