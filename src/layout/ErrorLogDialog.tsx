// spec §8: the error log dialog (Message, Info, Url, Stack).
import { Button, Modal, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { clearErrorLog, type ErrorLogEntry } from "../state/error-log-store";

interface Props {
  readonly open: boolean;
  readonly entries: readonly ErrorLogEntry[];
  readonly onClose: () => void;
}

export function ErrorLogDialog({ open, entries, onClose }: Props) {
  const { t } = useTranslation();
  const columns = [
    {
      key: "message",
      title: t("shell.errorLog.message"),
      render: (_: unknown, entry: ErrorLogEntry) => (
        <div className="error-log-entry">
          <div>
            <Tag color="red">{t("shell.errorLog.message")}</Tag>
            <span className="error-log-message">{entry.message}</span>
          </div>
          <div>
            <Tag color="orange">{t("shell.errorLog.info")}</Tag>
            {entry.info}
          </div>
          <div>
            <Tag color="blue">{t("shell.errorLog.url")}</Tag>
            {entry.url}
          </div>
        </div>
      ),
    },
    {
      key: "stack",
      title: t("shell.errorLog.stack"),
      render: (_: unknown, entry: ErrorLogEntry) => <pre className="error-log-stack">{entry.stack}</pre>,
    },
  ];
  return (
    <Modal
      open={open}
      title={t("shell.errorLog.title")}
      width="80%"
      onCancel={onClose}
      footer={
        <Button
          danger
          onClick={() => {
            clearErrorLog();
            onClose();
          }}
        >
          {t("shell.errorLog.clear")}
        </Button>
      }
    >
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={[...entries]} />
    </Modal>
  );
}
