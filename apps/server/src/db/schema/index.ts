export * from './auth';
export * from './catalog';
export * from './customers';
export * from './imports';
export * from './payments';
export * from './relations';
export * from './sales';
export * from './stock';
