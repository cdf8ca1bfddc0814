// Every app renders its documents the same way (full HTML once all data is ready).
export { handleRequest as default, streamTimeout } from '@portal/ui/server';
