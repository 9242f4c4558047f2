// antd's own strings follow the interface language.
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import esES from "antd/es/locale/es_ES";
import jaJP from "antd/es/locale/ja_JP";
import zhCN from "antd/es/locale/zh_CN";
import type { Language } from "../settings";

export const ANTD_LOCALES: Readonly<Record<Language, Locale>> = { zh: zhCN, en: enUS, es: esES, ja: jaJP };
