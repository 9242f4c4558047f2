// spec §2 /c 消费者扫码: a consumer types the code printed by the QR code (or scans it where the
// browser can) and lands on /m/q/<code>. The code is checked by the server's own rule first.
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { CameraScan } from "./CameraScan";
import { PublicPage } from "./PublicPage";
import { readScanCode, SCAN_CODE_MAX_LENGTH, scanPagePath, type ScanCodeProblem } from "./scan-code";

interface EntryForm {
  code: string;
}

const PROBLEM_KEYS: Readonly<Record<ScanCodeProblem, string>> = {
  required: "consumerScan.entry.required",
  pattern: "consumerScan.entry.pattern",
  tooLong: "consumerScan.entry.tooLong",
};

export default function ConsumerScanEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<EntryForm>();

  const go = (text: string) => {
    const read = readScanCode(text);
    if ("code" in read) navigate(scanPagePath(read.code));
  };
  /** What the camera read: its code, or the text in the field with the reason it is refused. */
  const onCameraRead = (text: string) => {
    form.setFieldsValue({ code: text });
    if ("code" in readScanCode(text)) go(text);
    else void form.validateFields().catch(() => undefined);
  };

  return (
    <PublicPage>
      <section className="public-scan-card">
        <h1>{t("consumerScan.entry.heading")}</h1>
        <p className="public-scan-hint">{t("consumerScan.entry.hint")}</p>
        <Form<EntryForm>
          form={form}
          name="consumer-scan"
          layout="vertical"
          requiredMark={false}
          onFinish={({ code }) => go(code)}
        >
          <Form.Item
            name="code"
            label={t("consumerScan.entry.label")}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const read = readScanCode(value);
                  return "problem" in read
                    ? Promise.reject(new Error(t(PROBLEM_KEYS[read.problem], { max: SCAN_CODE_MAX_LENGTH })))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              size="large"
              placeholder={t("consumerScan.entry.placeholder")}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              allowClear
            />
          </Form.Item>
          <div className="public-scan-actions">
            <Button type="primary" htmlType="submit" size="large" block>
              {t("consumerScan.entry.submit")}
            </Button>
            <CameraScan onRead={onCameraRead} />
          </div>
        </Form>
      </section>
    </PublicPage>
  );
}
