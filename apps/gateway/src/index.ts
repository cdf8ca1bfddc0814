export { createGateway, type GatewayOptions } from './gateway';
export { loadGatewayConfig, type GatewayConfig } from './config';
export { readerWidth, readCookie } from './width';
