// antd's message hook for the public pages (app/PublicMessageHost), with the console's settings.
import { message } from "antd";
import { useEffect } from "react";
import { MESSAGE_CONFIG } from "./message-config";
import { setPublicMessage } from "./shell-message";

export function MessageHolder() {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(() => {
    setPublicMessage(api);
    return () => setPublicMessage(undefined);
  }, [api]);
  return holder;
}
