// A lookup's download: a second call sent the code shown (an EPCIS document of its chain), its
// answer saved as JSON under the declared file name.
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callEndpoint } from "../../api/endpoint-call";
import { ApiError } from "../../api/http-client";
import { saveFile } from "../../utils/save-file";
import type { LookupConfig } from "../../../schema/contract/lookup-config";

type Download = NonNullable<LookupConfig["download"]>;

export function LookupDownload({ download, param, code }: { download: Download; param: string; code: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const answer = await callEndpoint<unknown>({ method: "GET", path: download.path }, { [param]: code });
      const file = download.file.replaceAll("{code}", code);
      saveFile(new Blob([JSON.stringify(answer, null, 2)], { type: "application/json" }), file);
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionEnded))
        message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button data-testid={download.testId} loading={running} onClick={() => void run()}>
      {t(download.titleKey)}
    </Button>
  );
}
