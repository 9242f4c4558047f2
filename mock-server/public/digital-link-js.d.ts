// The part of digital-link.js (GS1's reference library, shipped without types) the scan page uses.
declare module "digital-link.js" {
  interface DigitalLinkResult {
    getIdentifier(): Readonly<Record<string, string>>;
    getKeyQualifiers(): Readonly<Record<string, string>>;
    isValid(): boolean;
  }
  export function DigitalLink(input: string): DigitalLinkResult;
}
