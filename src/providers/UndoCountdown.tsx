// The notice refine asks for in its undoable mutation mode (type "progress"): refine opens it
// again every second with the seconds left; the ring empties as they run out, and Undo cancels
// the mutation while any are left. The console saves at once today (no screen is undoable), so
// this loads only if one ever is.
import { UndoOutlined } from "@ant-design/icons";
import type { OpenNotificationParams } from "@refinedev/core";
import { Button, Flex, Progress } from "antd";

interface Props {
  readonly message: OpenNotificationParams["message"];
  readonly cancelMutation: OpenNotificationParams["cancelMutation"];
  readonly undoableTimeout: OpenNotificationParams["undoableTimeout"];
}

/** refine's default undo window, in seconds: the ring is full when this many are left. */
const UNDO_WINDOW_S = 5;

export default function UndoCountdown({ message, cancelMutation, undoableTimeout }: Props) {
  const secondsLeft = Math.max(0, undoableTimeout ?? 0);
  return (
    <Flex align="center" gap={8}>
      <Progress
        type="circle"
        size={40}
        percent={Math.min(100, (secondsLeft / UNDO_WINDOW_S) * 100)}
        format={() => secondsLeft}
      />
      <span style={{ flex: 1 }}>{message}</span>
      <Button onClick={cancelMutation} disabled={secondsLeft === 0} icon={<UndoOutlined />} />
    </Flex>
  );
}
