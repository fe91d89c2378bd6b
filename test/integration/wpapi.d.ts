// node-wpapi ships no types; the test uses the few calls below (its route handlers are built at
// run time from the discovered routes, so they are `any` by nature).
declare module 'wpapi' {
  interface WPAPIInstance {
    auth(credentials: { username: string; password: string }): WPAPIInstance;
    namespace(name: string): unknown;
  }
  const WPAPI: { discover(url: string): Promise<WPAPIInstance> };
  export default WPAPI;
}
