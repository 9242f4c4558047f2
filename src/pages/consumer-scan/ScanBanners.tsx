// A scan template's banners in their order: a carousel; a banner with a link opens
// it. Its own chunk (antd's Carousel and react-slick), loaded by ScanTemplate so the scan page paints without it.
import { Carousel } from "antd";
import { isWebAddress, type ScanBanner } from "./scan-template-values";

export default function ScanBanners({ banners }: { readonly banners: readonly ScanBanner[] }) {
  return (
    <Carousel autoplay={banners.length > 1} dots={banners.length > 1} className="scan-template-banners">
      {banners.map((banner, index) => {
        const image = (
          <img
            src={banner.image_url ?? undefined}
            alt={banner.title ?? ""}
            data-testid="scan-banner"
            data-index={index}
          />
        );
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
  );
}
