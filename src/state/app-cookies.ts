// spec §4: sidebar open/closed (sidebarStatus 1 or 0, open when unset), language and size live in cookies.
import Cookies from "js-cookie";

const SIDEBAR_STATUS = "sidebarStatus";
const LANGUAGE = "language";
const SIZE = "size";

export const getSidebarStatus = (): string | undefined => Cookies.get(SIDEBAR_STATUS);
export const setSidebarStatus = (opened: boolean): void => void Cookies.set(SIDEBAR_STATUS, opened ? "1" : "0");
export const getLanguageCookie = (): string | undefined => Cookies.get(LANGUAGE);
export const setLanguageCookie = (language: string): void => void Cookies.set(LANGUAGE, language);
export const getSizeCookie = (): string | undefined => Cookies.get(SIZE);
export const setSizeCookie = (size: string): void => void Cookies.set(SIZE, size);
