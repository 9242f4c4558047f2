// The scan page as the product's template (扫码模板) dresses it (issue 12 item 4): its title on a bar
// of its colour, its banners in their order (a carousel; a banner with a link opens it), and its
// message for this verdict. The server sends only what the template shows, so this renders what
// it is given.
import { Carousel } from "antd";
import type { CSSProperties } from "react";
import type { ScanAnswer } from "./scan-api";

export type ScanPage = NonNullable<ScanAnswer["page"]>;

/** Only a web address is ever put in src or href. */
const isWebAddress = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);
const isColour = (value: string | null): value is string => !!value && /^#[0-9a-f]{6}$/i.test(value);

export function TemplateHeader({ page }: { readonly page: ScanPage }) {
  const banners = page.banners.filter((banner) => isWebAddress(banner.image_url));
  const style = isColour(page.theme_color) ? ({ "--scan-theme": page.theme_color } as CSSProperties) : undefined;
  return (
    <section className="scan-template" data-testid="scan-template" style={style}>
      {page.title && <div className="scan-template-title">{page.title}</div>}
      {banners.length > 0 && (
        <Carousel autoplay={banners.length > 1} dots={banners.length > 1} className="scan-template-banners">
          {banners.map((banner, index) => {
            const image = <img src={banner.image_url} alt={banner.title ?? ""} data-testid="scan-banner" data-index={index} />;
            return (
              <div key={`${banner.image_url}-${index}`}>
                {isWebAddress(banner.link_url) ? (
                  <a href={banner.link_url} target="_blank" rel="noopener noreferrer">
                    {image}
                  </a>
                ) : (
                  image
                )}
              </div>
            );
          })}
        </Carousel>
      )}
    </section>
  );
}

export function TemplateMessage({ page }: { readonly page: ScanPage | null }) {
  return page?.message ? (
    <p className="scan-template-message" data-testid="scan-template-message">
      {page.message}
    </p>
  ) : null;
}
