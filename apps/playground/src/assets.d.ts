/** Vite's `?url` imports: the URL of the file, copied into the build's assets. */
declare module "*?url" {
  const url: string;
  export default url;
}
