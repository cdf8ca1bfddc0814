/**
 * The Cache-Control directive that keeps Baidu's transcoder (百度转码) from rewriting a page: the
 * gateway adds it to every page answer's header, every document repeats it in an http-equiv meta.
 */
export const NO_TRANSFORM = 'no-transform';
