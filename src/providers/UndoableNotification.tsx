// refine's undo countdown (its undoable mutation mode) as @refinedev/antd 6.0.3 draws it
// (src/components/undoableNotification): a circle counting down, the message, an undo button.
import { UndoOutlined } from "@ant-design/icons";
import type { OpenNotificationParams } from "@refinedev/core";
import { Button, Progress } from "antd";

interface Props {
  readonly message: OpenNotificationParams["message"];
  readonly cancelMutation: OpenNotificationParams["cancelMutation"];
  readonly undoableTimeout: OpenNotificationParams["undoableTimeout"];
}

export default function UndoableNotification({ message, cancelMutation, undoableTimeout }: Props) {
  return (
    <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", marginTop: "-7px" }}>
      <Progress
        type="circle"
        percent={(undoableTimeout ?? 0) * 20}
        format={(time) => time && time / 20}
        size={50}
        strokeColor="#1890ff"
        status="normal"
      />
      <span style={{ marginLeft: 8, width: "100%" }}>{message}</span>
      <Button style={{ flexShrink: 0 }} onClick={cancelMutation} disabled={undoableTimeout === 0} icon={<UndoOutlined />} />
    </div>
  );
}
