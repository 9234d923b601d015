/** The Remix compiler turns an imported stylesheet into its public URL. */
declare module "*.css" {
  const href: string;
  export default href;
}
