// spec §2 navbar: hamburger, breadcrumb, header search, error log, fullscreen, size, language, avatar.
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { AvatarDropdown } from "./AvatarDropdown";
import { Breadcrumb } from "./Breadcrumb";
import { ErrorLogButton } from "./ErrorLogButton";
import { Hamburger } from "./Hamburger";
import { HeaderSearch } from "./HeaderSearch";
import { LangSelect } from "./LangSelect";
import { Screenfull } from "./Screenfull";
import { SizeSelect } from "./SizeSelect";

export function Navbar() {
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
        <LangSelect />
        <AvatarDropdown />
      </div>
    </header>
  );
}
