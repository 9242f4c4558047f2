// The build-time variables the console reads, typed (Vite's ImportMetaEnv types any other key as any).
interface ImportMetaEnv {
  /** The enterprise whose ICP record the login footer shows. */
  readonly VITE_ENTERPRISE_CODE?: string;
}
