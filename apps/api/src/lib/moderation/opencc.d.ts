/** opencc-js ships its dictionaries as plain ES modules without types: `"src dst|src dst|…"`. */
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
