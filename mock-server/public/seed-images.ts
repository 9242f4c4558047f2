// Demo images the server serves itself, so a fresh console shows its seeded products, brands,
// avatars and banners with no other host. GET /api/public/seed-image?n=1..12 answers one
// of twelve product tiles as SVG, public (an <img> sends no token), cacheable, the same bytes each time.
import type { AppContext } from "../context";
import type { RouteTable } from "../http/route-table";

export const SEED_IMAGE_COUNT = 12;
const PATH = "/api/public/seed-image";

/** The seeded URL of row `index` of `table`: rows take the tiles in turn, offset per table. */
export function seedImageUrl(origin: string, table: string, index: number): string {
  const offset = [...table].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return `${origin.replace(/\/$/, "")}${PATH}?n=${((index + offset) % SEED_IMAGE_COUNT) + 1}`;
}

const PALETTE = [
  ["#e6f4ff", "#1677ff"],
  ["#f6ffed", "#389e0d"],
  ["#fff7e6", "#d46b08"],
  ["#f9f0ff", "#531dab"],
  ["#e6fffb", "#08979c"],
  ["#fff0f6", "#c41d7f"],
] as const;

/** A product tile: a bottle or a box, by number, in one of six colour pairs. */
export function seedImageSvg(n: number): string {
  const [background, ink] = PALETTE[(n - 1) % PALETTE.length];
  const shape =
    n % 2
      ? `<rect x="98" y="40" width="60" height="26" rx="6" fill="${ink}"/><path d="M88 70h80l10 30v110a14 14 0 0 1-14 14H92a14 14 0 0 1-14-14V100z" fill="${ink}" opacity=".85"/><rect x="92" y="120" width="72" height="48" rx="4" fill="${background}"/>`
      : `<path d="M128 44l78 36v96l-78 36-78-36V80z" fill="${ink}" opacity=".85"/><path d="M50 80l78 36 78-36M128 116v96" stroke="${background}" stroke-width="6" fill="none"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" rx="24" fill="${background}"/>${shape}<text x="128" y="246" font-family="sans-serif" font-size="18" text-anchor="middle" fill="${ink}">DEMO ${n}</text></svg>`;
}

export function registerSeedImageRoute(_ctx: AppContext, routes: RouteTable): void {
  routes.add({
    endpoint: { method: "GET", path: PATH },
    owner: "public.seed-image",
    access: { public: true },
    input: {
      type: "object",
      additionalProperties: false,
      required: ["n"],
      properties: { n: { type: "integer", minimum: 1, maximum: SEED_IMAGE_COUNT } },
    },
    tags: ["public"],
    summary: "A demo product image the seed points to (SVG)",
    handler: (_request, input, reply) => {
      const body = seedImageSvg(input.n as number);
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
        // Public and harmless: a console on another origin (the dev server, 127.0.0.1 vs localhost) may show it.
        "cross-origin-resource-policy": "cross-origin",
        // An SVG opened on its own runs nothing: no scripts, no outside requests.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      });
      reply.raw.end(body);
    },
  });
}
