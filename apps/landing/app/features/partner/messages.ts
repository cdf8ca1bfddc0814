/** Shown when the partner data fails to load (spec section 8). */
export const PARTNER_LOAD_ERROR = '页面1渲染报错';
