export { memberApi } from '@portal/session';
