export * from './codes';
export * from './contract';
export * from './api';
