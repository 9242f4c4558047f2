// The scan page as the product's template (扫码模板) dresses it: its title on a bar
// of its colour, its banners in their order (ScanBanners), and its message for this verdict. The
// server sends only what the template shows, so this renders what it is given.
import { useEffect, useState, type ComponentType, type CSSProperties } from "react";
import { loadComponent, loadedComponent } from "../../app/use-loaded-component";
import { addErrorLog } from "../../state/error-log-store";
import { readableOn } from "../../utils/contrast";
import { isColour, isWebAddress, type ScanBanner, type ScanPage } from "./scan-template-values";

export type { ScanPage } from "./scan-template-values";

type BannersProps = { readonly banners: readonly ScanBanner[] };
const BANNERS = "consumer-scan/ScanBanners";
const WHITE = "#ffffff";

/**
 * The banners' carousel (antd's Carousel and react-slick) is its own chunk, so the page paints
 * without it; the page starts loading it with its scan call, so it is usually there
 * when the answer is.
 */
export const loadBanners = () => loadComponent<BannersProps>(BANNERS, () => import("./ScanBanners"));

function useBanners(): ComponentType<BannersProps> | undefined {
  const [Banners, setBanners] = useState(() => loadedComponent<BannersProps>(BANNERS));
  useEffect(() => {
    if (Banners) return;
    let current = true;
    loadBanners().then(
      (loaded) => current && setBanners(() => loaded),
      (error: unknown) => addErrorLog(error, "loading the scan template's banners"),
    );
    return () => {
      current = false;
    };
  }, [Banners]);
  return Banners;
}

export function TemplateHeader({ page }: { readonly page: ScanPage }) {
  const banners = page.banners.filter((banner) => isWebAddress(banner.image_url));
  // The title is white on the template's colour: a light colour is darkened until the title reads at 4.5:1.
  const style = isColour(page.theme_color)
    ? ({ "--scan-theme": readableOn(page.theme_color, WHITE) } as CSSProperties)
    : undefined;
  return (
    <section className="scan-template" data-testid="scan-template" style={style}>
      {page.title && <div className="scan-template-title">{page.title}</div>}
      {banners.length > 0 && <TemplateBanners banners={banners} />}
    </section>
  );
}

function TemplateBanners({ banners }: { readonly banners: readonly ScanBanner[] }) {
  const Banners = useBanners();
  // eslint-disable-next-line react-hooks/static-components -- the chunk's one component, held in the hook's state: its identity never changes
  return Banners ? <Banners banners={banners} /> : null;
}

export function TemplateMessage({ page }: { readonly page: ScanPage | null }) {
  return page?.message ? (
    <p className="scan-template-message" data-testid="scan-template-message">
      {page.message}
    </p>
  ) : null;
}
