export * from './table';
export * from './resolve';
export * from './viewport';
export * from './nginx';
export * from './drift';
export * from './uploads';
export * from './sitemap';
export * from './phone';
