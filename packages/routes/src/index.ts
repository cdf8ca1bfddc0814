export * from './table';
export * from './resolve';
