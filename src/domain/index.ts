export * from './enums';
export * from './client-type';
export * from './shop';
export * from './catalog';
export * from './api/envelope';
