// spec §2 navbar: hamburger, breadcrumb, header search, error log, fullscreen, size, settings, language, avatar.
import { memo } from "react";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { AvatarDropdown } from "./AvatarDropdown";
import { Breadcrumb } from "./Breadcrumb";
import { ErrorLogButton } from "./ErrorLogButton";
import { Hamburger } from "./Hamburger";
import { HeaderSearch } from "./HeaderSearch";
import { LangSelect } from "./LangSelect";
import { Screenfull } from "./Screenfull";
import { Settings } from "./Settings";
import { SizeSelect } from "./SizeSelect";

/** Memoised: the layout re-renders on every navigation; the navbar's parts follow what they read. */
export const Navbar = memo(function Navbar() {
  const mobile = useStore(appStore, (s) => s.device === "mobile");
  return (
    <header className="navbar">
      <Hamburger />
      <Breadcrumb />
      <div className="right-menu">
        {!mobile && (
          <>
            <HeaderSearch />
            <ErrorLogButton />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <Settings />
        <LangSelect />
        <AvatarDropdown />
      </div>
    </header>
  );
});
